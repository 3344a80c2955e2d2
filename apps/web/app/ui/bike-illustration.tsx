/** A side view of a VARG, drawn in SVG so it can be recoloured (the configurator passes the chosen colour). */
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
    <svg viewBox="0 0 640 380" role="img" aria-label={title} className={className}>
      <g fill="none" stroke="currentColor" strokeLinecap="round" strokeLinejoin="round">
        {/* wheels */}
        {[128, 512].map((cx) => (
          <g key={cx}>
            <circle cx={cx} cy={286} r={82} strokeWidth={16} />
            <circle cx={cx} cy={286} r={62} strokeWidth={3} opacity={0.5} />
            <circle cx={cx} cy={286} r={12} fill="currentColor" />
            {Array.from({ length: 12 }, (_, i) => {
              const a = (i * Math.PI) / 6;
              return (
                <line
                  key={a}
                  x1={cx}
                  y1={286}
                  x2={cx + 62 * Math.cos(a)}
                  y2={286 + 62 * Math.sin(a)}
                  strokeWidth={1.5}
                  opacity={0.5}
                />
              );
            })}
          </g>
        ))}
        {/* swingarm and chain */}
        <path d="M128 286 L300 250" strokeWidth={14} />
        <path d="M128 298 L292 268" strokeWidth={3} opacity={0.6} />
        {/* fork */}
        <path d="M512 286 L452 110" strokeWidth={14} />
        <path d="M452 110 L432 80 M440 92 L470 70" strokeWidth={8} />
        {/* rear shock */}
        <path d="M250 178 L286 248" strokeWidth={10} opacity={0.8} />
      </g>
      {/* frame and battery */}
      <path d="M290 258 L252 164 L436 118 L470 136 L380 258 Z" fill="#1f1f22" />
      <rect x="300" y="170" width="96" height="72" rx="10" fill="#3f3f46" />
      <text
        x="348"
        y="214"
        textAnchor="middle"
        fontFamily="system-ui, sans-serif"
        fontSize="16"
        fontWeight="800"
        fill="#a3e635"
      >
        VARG
      </text>
      {/* bodywork in the chosen colour */}
      <path d="M220 160 L258 130 L392 118 L410 140 L300 158 Z" fill={color} />
      <path d="M392 118 L470 96 L498 120 L436 138 Z" fill={color} />
      <path d="M60 196 L214 152 L232 170 L92 214 Z" fill={color} />
      <path d="M490 160 L560 176 L548 188 L486 176 Z" fill={color} />
      {/* seat */}
      <path d="M170 150 L330 122 L336 134 L180 164 Z" fill="#111113" />
    </svg>
  );
}
