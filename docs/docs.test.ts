import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The docs name files by their repository path; a renamed or deleted file must not leave a stale name behind.
const ROOT = new URL('../', import.meta.url).pathname;
const TOP = ['apps', 'packages', 'e2e', 'bench', 'scripts', 'docs', 'deploy', '.ci'];
/** A repository path inside a code span: starts at a top-level folder, not in the middle of a URL or another path. */
const PATH = new RegExp(`(?<![\\w/.$-])(?:${TOP.map((t) => t.replace('.', '\\.')).join('|')})/[\\w./@-]*`, 'g');
const CODE_SPAN = /`([^`\n]+)`/g;
const LINK = /\]\(([^)\s]+)\)/g;

/** The documents checked: README.md, docs/*.md and the translation guide's index (decisions are history, left as written). */
function documents(): string[] {
  const docs = readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`);
  return ['README.md', ...docs, 'docs/i18n/README.md'];
}

/** Repository paths named in a document's code spans (without placeholders such as `<lang>` or globs). */
function namedPaths(markdown: string): string[] {
  const found = new Set<string>();
  for (const [, span] of markdown.matchAll(CODE_SPAN)) {
    if (!span) continue;
    for (const match of span.matchAll(PATH)) {
      const end = match.index + match[0].length;
      if (/^[<{*…[]/.test(span.slice(end))) continue; // `features/<area>`, `catalogs/{lang}`: a pattern, not a path
      const path = match[0].replace(/[.,:;]+$/, '');
      if (path.includes('/')) found.add(path);
    }
  }
  return [...found];
}

/** Relative link targets of a document, resolved from its folder (external links and anchors left out). */
function linkedPaths(markdown: string, file: string): string[] {
  const found = new Set<string>();
  for (const [, target] of markdown.matchAll(LINK)) {
    if (!target || /^(\w+:|#)/.test(target)) continue;
    const path = relative(ROOT, resolve(ROOT, dirname(file), target.split('#')[0] ?? ''));
    if (!path.startsWith('..')) found.add(path);
  }
  return [...found];
}

/** The source files that may read an environment variable (the server, tests, benchmarks, scripts). */
function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter(
      (entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name) && !/node_modules|\/build\//.test(entry.parentPath),
    )
    .map((entry) => join(entry.parentPath, entry.name));
}

/** The variables named in the README's configuration section (its tables and notes). */
function configurationNames(readme: string): string[] {
  const section = readme.slice(
    readme.indexOf('## Configuration'),
    readme.indexOf('\n## ', readme.indexOf('## Configuration') + 1),
  );
  return [...new Set([...section.matchAll(/`([A-Z][A-Z0-9_]{2,})`/g)].map(([, name]) => name ?? ''))];
}

describe('the documentation', () => {
  it('names only files and folders that exist', () => {
    const missing: string[] = [];
    let named = 0;
    for (const file of documents()) {
      const markdown = readFileSync(join(ROOT, file), 'utf8');
      for (const path of [...namedPaths(markdown), ...linkedPaths(markdown, file)]) {
        named++;
        if (!existsSync(join(ROOT, path))) missing.push(`${file}: ${path}`);
      }
    }
    expect(named).toBeGreaterThan(100);
    expect(missing).toEqual([]);
  });

  it('lists every environment variable the server reads, and none that nothing reads', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const listed = configurationNames(readme);
    const config = readFileSync(join(ROOT, 'apps/api/src/config.ts'), 'utf8');
    const read = [...config.matchAll(/^\s+([A-Z][A-Z0-9_]+):/gm)].map(([, name]) => name ?? '');
    expect(read.length).toBeGreaterThan(50);
    expect(read.filter((name) => !listed.includes(name))).toEqual([]);
    const code = ['apps', 'packages', 'scripts', 'bench', 'e2e']
      .flatMap(sources)
      .concat(join(ROOT, 'playwright.config.ts'))
      .map((file) => readFileSync(file, 'utf8'))
      .join('\n');
    expect(listed.filter((name) => !new RegExp(`\\b${name}\\b`).test(code))).toEqual([]);
  });

  it('finds paths in code spans and links, and leaves patterns and URLs alone', () => {
    const markdown =
      'See `apps/api/src/app.ts`, `npx vitest run e2e/cart.spec.ts packages/domain/src` and [017](decisions/017-payments.md); ' +
      'not `apps/web/app/features/<area>`, `scripts/i18n/<batch>.json`, `https://x.test/docs/json` or `/v1/docs`.';
    expect(namedPaths(markdown).sort()).toEqual(['apps/api/src/app.ts', 'e2e/cart.spec.ts', 'packages/domain/src']);
    expect(linkedPaths(markdown, 'docs/payments.md')).toEqual(['docs/decisions/017-payments.md']);
  });
});
