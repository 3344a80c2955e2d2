/**
 * The page's JavaScript starts downloading once the server's HTML has painted (decision 071).
 *
 * React Router's `<Scripts />` writes a `<link rel="modulepreload">` for every file the first view hydrates with and
 * an async module script that imports them. Those requests start as soon as the head is read and share the phone's
 * bandwidth with the rest of the document; the HTML, its inlined stylesheet and texts need none of them to paint.
 * This rewrite of the finished document removes the preload links and turns the module script into a classic inline
 * script that adds the same links and the same module script after the first frame (at once in a hidden tab, which
 * paints nothing). The hydration that follows is unchanged: the client renders the preload links into the head itself
 * (React matches hoisted links by address, so none is fetched twice) and keeps the script element as it finds it.
 */
const PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/>/g;
const MODULE_SCRIPT = /<script nonce="([^"]*)" type="module" async="">([\s\S]*?)<\/script>/;

/** Inline JSON: `<` is escaped so no text inside can close the script element. */
const json = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export function scriptsAfterPaint(html: string): string {
  const module = MODULE_SCRIPT.exec(html);
  if (!module) return html;
  const [, nonce = '', code = ''] = module;
  const hrefs = [...html.matchAll(PRELOAD)].map((m) => m[1] as string);
  const start =
    `(function(h,c){var n=document.currentScript.nonce;function go(){h.forEach(function(u){` +
    `var l=document.createElement('link');l.rel='modulepreload';l.href=u;document.head.appendChild(l)});` +
    `var s=document.createElement('script');s.type='module';s.nonce=n;s.textContent=c;document.body.appendChild(s)}` +
    `if(document.visibilityState==='hidden')go();else requestAnimationFrame(function(){requestAnimationFrame(go)})})` +
    `(${json(hrefs)},${json(code)})`;
  return html
    .replace(PRELOAD, '')
    .replace(MODULE_SCRIPT, () => `<script nonce="${nonce}" data-scripts-after-paint="">${start}</script>`);
}

/** The module files a rewritten page adds after its first paint (for the checks that weigh a page's first load). */
export function afterPaintHrefs(html: string): string[] {
  const list = /data-scripts-after-paint="">[^[]*(\[[^\]]*\])/.exec(html)?.[1];
  return list ? (JSON.parse(list) as string[]) : [];
}
