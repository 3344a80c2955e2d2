import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BikeIllustration } from './bike-illustration.tsx';

const render = (props: { title: string; color?: string }) =>
  renderToStaticMarkup(createElement(BikeIllustration, props));

describe('BikeIllustration', () => {
  it('is one labelled image with both wheels and the bodywork in the chosen colour', () => {
    const html = render({ title: 'VARG "EX"', color: '#123456' });
    expect(html).toMatch(/^<svg viewBox="0 0 640 380" role="img" aria-label="VARG &quot;EX&quot;"/);
    expect(html.match(/<line /g)).toHaveLength(24);
    expect(html.match(/fill="#123456"/g)).toHaveLength(4);
    expect(render({ title: 'x' }).match(/fill="#e11d2a"/g)).toHaveLength(4);
  });

  it('never lets a colour out of its attribute', () => {
    expect(render({ title: 'x', color: '"><script>' })).not.toContain('<script>');
  });
});
