/** Spokes of a wheel centred at `cx`: twelve lines, every 30°. */
function spokes(cx: number): string {
  let out = '';
  for (let i = 0; i < 12; i++) {
    const a = (i * Math.PI) / 6;
    out += `<line x1="${cx}" y1="286" x2="${cx + 62 * Math.cos(a)}" y2="${286 + 62 * Math.sin(a)}" stroke-width="1.5" opacity="0.5"></line>`;
  }
  return out;
}

const wheel = (cx: number) =>
  `<g><circle cx="${cx}" cy="286" r="82" stroke-width="16"></circle><circle cx="${cx}" cy="286" r="62" stroke-width="3" opacity="0.5"></circle><circle cx="${cx}" cy="286" r="12" fill="currentColor"></circle>${spokes(cx)}</g>`;

/** Everything up to the bodywork: the same for every colour. */
const FRAME =
  `<g fill="none" stroke="currentColor" stroke-linecap="round" stroke-linejoin="round">${wheel(128)}${wheel(512)}` +
  // swingarm and chain; fork; rear shock
  '<path d="M128 286 L300 250" stroke-width="14"></path><path d="M128 298 L292 268" stroke-width="3" opacity="0.6"></path>' +
  '<path d="M512 286 L452 110" stroke-width="14"></path><path d="M452 110 L432 80 M440 92 L470 70" stroke-width="8"></path>' +
  '<path d="M250 178 L286 248" stroke-width="10" opacity="0.8"></path></g>' +
  // frame and battery
  '<path d="M290 258 L252 164 L436 118 L470 136 L380 258 Z" fill="#1f1f22"></path>' +
  '<rect x="300" y="170" width="96" height="72" rx="10" fill="#3f3f46"></rect>' +
  '<text x="348" y="214" text-anchor="middle" font-family="system-ui, sans-serif" font-size="16" font-weight="800" fill="#a3e635">VARG</text>';

/** The bodywork's shapes, in the chosen colour; then the seat. */
const BODY = [
  'M220 160 L258 130 L392 118 L410 140 L300 158 Z',
  'M392 118 L470 96 L498 120 L436 138 Z',
  'M60 196 L214 152 L232 170 L92 214 Z',
  'M490 160 L560 176 L548 188 L486 176 Z',
];
const SEAT = '<path d="M170 150 L330 122 L336 134 L180 164 Z" fill="#111113"></path>';

const escapeAttr = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The drawing's inner markup per colour (a handful of colours exist; bounded all the same). */
const byColor = new Map<string, { __html: string }>();

function markup(color: string): { __html: string } {
  let html = byColor.get(color);
  if (!html) {
    const fill = escapeAttr(color);
    html = { __html: `${FRAME}${BODY.map((d) => `<path d="${d}" fill="${fill}"></path>`).join('')}${SEAT}` };
    if (byColor.size >= 64) byColor.clear();
    byColor.set(color, html);
  }
  return html;
}

/**
 * A side view of a VARG, drawn in SVG so it can be recoloured (the configurator passes the chosen colour). The
 * drawing's ~50 shapes are one precomputed string per colour, not React elements: a page showing four bikes rendered
 * ~200 elements for them on every request (issue 19 item 2). The `<svg>` itself, with its label, stays React's.
 */
export function BikeIllustration({
  color = '#e11d2a',
  title,
  className = '',
}: {
  color?: string;
  title: string;
  className?: string;
}) {
  return (
    <svg
      viewBox="0 0 640 380"
      role="img"
      aria-label={title}
      className={className}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: constant drawing; the colour is escaped
      dangerouslySetInnerHTML={markup(color)}
    />
  );
}
