import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { APIRequestContext } from '@playwright/test';
import type { ChunkEntry } from '../apps/web/scripts/chunk-map.ts';
import { expect, test, whenHydrated } from './fixtures.ts';

// What the shop's first visit downloads (decision 068), read from the build that serves these tests: the files a
// page names in its HTML and the modules in them (apps/web/build/client-chunks.json, written by the build).
const chunks = JSON.parse(readFileSync('apps/web/build/client-chunks.json', 'utf8')) as Record<string, ChunkEntry>;

/** Back office, dealer and translator code, payment, maps and sanitising: never part of a shop page's first load. */
const NOT_ON_FIRST_VISIT =
  /^apps\/web\/app\/(routes\/(admin|dealer|leads?|invoices|compliance|mco-finder|translations)|features\/(admin|dealer|dealer-orders|leads|invoices|translator|wallet|cards)\/)|node_modules\/(@stripe|leaflet|dompurify|zod|react-aria)/;

/** Loaded when first used: the cart drawer, the modals, the account menu's panel, the editor. */
const ON_DEMAND = [
  'apps/web/app/features/shell/cart-drawer.tsx',
  'apps/web/app/features/shell/alert-modal.tsx',
  'apps/web/app/features/shell/confirm-modal.tsx',
  'apps/web/app/features/shell/locale-modal.tsx',
  'apps/web/app/features/shell/account-menu-panel.tsx',
  'apps/web/app/features/translator/translator-tool.tsx',
];

/** JavaScript gzip budgets without the locale's messages script (React, React DOM and React Router are ≈105 KB). */
const BUDGET_KB = { '/en-US': 124, '/de-DE/varg-ex/configurator': 132 } as const;

async function firstLoad(request: APIRequestContext, path: string) {
  const html = await (await request.get(path)).text();
  const urls = new Set<string>();
  for (const m of html.matchAll(/<link rel="modulepreload"[^>]*? href="([^"]+)"/g)) urls.add(m[1] as string);
  for (const m of html.matchAll(/import\("([^"]+\.js)"\)/g)) urls.add(m[1] as string);
  for (const m of html.matchAll(/<script src="([^"]+\.js)"/g)) urls.add(m[1] as string);
  const files = [...urls].filter((url) => url.startsWith('/assets/')).map((url) => url.slice(1));
  let bytes = 0;
  for (const file of files) bytes += gzipSync(await (await request.get(`/${file}`)).body(), { level: 9 }).length;
  // Code for after the first paint: it starts with the document but does not compete with it (decision 068).
  const urgentPreloads = [...html.matchAll(/<link rel="modulepreload"[^>]*>/g)]
    .map((m) => m[0])
    .filter((link) => !link.includes(' fetchpriority="low"'));
  return {
    files,
    bytes,
    urgentPreloads,
    modules: files.flatMap((file) => chunks[file]?.modules ?? [`unknown file ${file}`]),
  };
}

for (const [path, budget] of Object.entries(BUDGET_KB)) {
  test(`${path} loads no office, payment or map code, nothing it loads on demand, within ${budget} KB`, async ({
    request,
  }) => {
    const load = await firstLoad(request, path);
    expect(load.files.length).toBeGreaterThan(0);
    expect(load.urgentPreloads).toEqual([]);
    expect(load.modules.filter((m) => m.startsWith('unknown file'))).toEqual([]);
    expect(load.modules.filter((m) => NOT_ON_FIRST_VISIT.test(m))).toEqual([]);
    expect(load.modules.filter((m) => ON_DEMAND.includes(m))).toEqual([]);
    // Every file a static import reaches is named in the HTML (preloaded), so the count above is complete.
    for (const file of load.files) for (const dep of chunks[file]?.imports ?? []) expect(load.files).toContain(dep);
    expect(load.bytes / 1024).toBeLessThanOrEqual(budget);
  });
}

test('what the shell loads on demand is still built as files of its own', () => {
  const lazy = new Set(Object.values(chunks).flatMap((c) => c.dynamicImports));
  for (const module of ON_DEMAND)
    expect(
      [...lazy].some((file) => chunks[file]?.modules.includes(module)),
      module,
    ).toBe(true);
});

test("a first visit gets the texts its page shows; the shop's whole script comes before the first navigation", async ({
  page,
  request,
}) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    const path = new URL(r.url()).pathname;
    if (path.startsWith('/i18n/')) scripts.push(path);
  });
  await page.goto('/en-US');
  const configure = page.getByRole('link', { name: 'Build your VARG EX' }).first();
  await whenHydrated(configure);
  expect(scripts).toHaveLength(1);
  expect(scripts[0]).toMatch(/^\/i18n\/en-US\.first\.routes~home\.[0-9a-f]{12}\.js$/);
  // The configurator's heading is not among the home page's texts: it comes with the shop's script.
  expect(await (await request.get(scripts[0] as string)).text()).not.toContain('"configurator_title"');
  // A pointer over the page is enough to fetch the shop's script, before any click.
  const shop = (s: string) => /^\/i18n\/en-US\.shop\.[0-9a-f]{12}\.js$/.test(s);
  await configure.hover();
  await expect.poll(() => scripts.some(shop)).toBe(true);
  await configure.click();
  await expect(page).toHaveURL(/\/en-US\/varg-ex\/configurator/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Build your VARG EX');
  expect(scripts.filter(shop)).toHaveLength(1);
});
