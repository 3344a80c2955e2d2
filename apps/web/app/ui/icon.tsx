import { createElement, type ReactElement } from 'react';

/** What a `lucide-react/icons/<name>` module exports beside its component as `__iconData`: the icon's shapes. */
export interface IconData {
  name?: string;
  aliases?: readonly string[];
  size?: number;
  node: ReadonlyArray<readonly [string, Record<string, string>]>;
}

export interface IconProps {
  size?: number;
  strokeWidth?: number;
  className?: string;
  'aria-hidden'?: 'true';
}

/** Icons drawn the same way a page may hold; beyond this many, each further look is made anew. */
const MAX_LOOKS = 16;

/**
 * A lucide icon as a component that builds its SVG once per look (size, stroke, class). lucide-react's components
 * rebuild their SVG description with object spreads on every render (~1.5–3 % of a page render, decision 069). The
 * markup is lucide-react's own, attribute for attribute (`icon.test.tsx` compares the two); only the props the pages
 * use are taken. The element is shared between renders: React never changes an element it is given.
 */
export function staticIcon(icon: IconData): (props: IconProps) => ReactElement {
  const box = icon.size ?? 24;
  const classes = ['lucide', ...(icon.name ? [`lucide-${icon.name}`] : [])];
  for (const alias of icon.aliases ?? []) if (alias.trim()) classes.push(`lucide-${alias}`);
  const shapes = icon.node.map(([tag, attrs]) => createElement(tag, attrs));
  const looks = new Map<string, ReactElement>();
  return function StaticIcon({ size = 24, strokeWidth = 2, className = '', 'aria-hidden': ariaHidden }: IconProps) {
    const key = `${size} ${strokeWidth} ${ariaHidden ?? ''} ${className}`;
    const known = looks.get(key);
    if (known) return known;
    const tokens = new Set(classes);
    for (const token of className.split(/\s+/)) if (token) tokens.add(token);
    const svg = createElement(
      'svg',
      {
        xmlns: 'http://www.w3.org/2000/svg',
        width: size,
        height: size,
        viewBox: `0 0 ${box} ${box}`,
        fill: 'none',
        stroke: 'currentColor',
        strokeWidth,
        strokeLinecap: 'round',
        strokeLinejoin: 'round',
        className: [...tokens].join(' '),
        // lucide hides an icon without an accessible prop itself, and keeps one given.
        'aria-hidden': ariaHidden ?? 'true',
      },
      ...shapes,
    );
    if (looks.size < MAX_LOOKS) looks.set(key, svg);
    return svg;
  };
}
