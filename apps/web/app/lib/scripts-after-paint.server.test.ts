import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { scriptsAfterPaint } from './scripts-after-paint.server.ts';

// The shape React Router's <Scripts /> renders (react-router 8), as React writes it.
const page = (code: string) =>
  '<html><head><link rel="modulepreload" href="/assets/entry.client-A.js" nonce="N1"/>' +
  '<link rel="modulepreload" href="/assets/root-B.js" nonce="N1"/><link rel="icon" href="/favicon.svg"/></head>' +
  '<body><main>text</main><script nonce="N1">window.__reactRouterContext = {};</script>' +
  `<script nonce="N1" type="module" async="">${code}</script></body></html>`;

/** Runs the rewritten inline script against a minimal document; returns what it added and when. */
function run(html: string, visibilityState: 'visible' | 'hidden') {
  const inline = /<script nonce="N1" data-scripts-after-paint="">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  const added: Array<Record<string, string>> = [];
  const frames: Array<() => void> = [];
  const element = () => ({}) as Record<string, string>;
  const append = (node: Record<string, string>) => added.push(node);
  runInNewContext(inline, {
    document: {
      currentScript: { nonce: 'N1' },
      visibilityState,
      createElement: element,
      head: { appendChild: append },
      body: { appendChild: append },
    },
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
  });
  return { added, frames };
}

describe('scriptsAfterPaint', () => {
  const code = 'import * as route0 from "/assets/root-B.js";\nimport("/assets/entry.client-A.js");';

  it('takes the preload links and the module script out of the served page', () => {
    const html = scriptsAfterPaint(page(code));
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain('type="module"');
    expect(html).toContain('<link rel="icon" href="/favicon.svg"/>');
    expect(html).toContain('<script nonce="N1">window.__reactRouterContext = {};</script>');
  });

  it('adds the same links and module script, with the nonce, two frames after it runs', () => {
    const { added, frames } = run(scriptsAfterPaint(page(code)), 'visible');
    expect(added).toEqual([]);
    frames.shift()?.();
    expect(added).toEqual([]);
    frames.shift()?.();
    expect(added).toEqual([
      { rel: 'modulepreload', href: '/assets/entry.client-A.js' },
      { rel: 'modulepreload', href: '/assets/root-B.js' },
      { type: 'module', nonce: 'N1', textContent: code },
    ]);
  });

  it('adds them at once in a hidden tab, and writes the code with every `<` escaped', () => {
    const tricky = `${code}\nconst s = "<!--<script>";`;
    const html = scriptsAfterPaint(page(tricky));
    expect(html).not.toContain('<!--<script>');
    expect(run(html, 'hidden').added.at(-1)?.textContent).toBe(tricky);
  });

  it('leaves a document without React Router scripts as it is', () => {
    const plain = '<html><body><p>x</p></body></html>';
    expect(scriptsAfterPaint(plain)).toBe(plain);
  });
});
