// Lighthouse 13 (mobile, the default form factor) on the built server, offline, with the system or npm-shipped
// Chromium, then the Lighthouse CI budget (bench/lighthouserc.cjs) checked by @lhci/cli. Not part of `npm test`.
//   npm run build && npm run bench:lighthouse [path ...]     (LH_RUNS=3 runs a page; the median run counts)
// The pages are served as production serves them: through a TLS front speaking HTTP/2 (bench/tls-front.ts, port
// BENCH_PORT+1), the app behind it trusting its X-Forwarded-* (TRUST_PROXY=loopback). LH_HTTP=1.1 measures the app
// directly over plain HTTP/1.1 as the bench did before; LH_HTTP=1.1-tls through a front that offers HTTP/1.1 only.
// LH_HTTP=2,1.1 measures both, turn about (each further front on the next port).
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/chromium.ts';
import { BASE, PORT, startServer, waitReady } from './server.ts';
import { type FrontProtocol, frontGet, startTlsFront, type TlsFront } from './tls-front.ts';

/** The issue's eight pages (issue 19 item 3). The checkout is measured with a cart in it: a US cart, so /en-US's
 * checkout is /us-checkout (spec section 4; /en-US/checkout redirects there once the cart has a line). */
const PAGES = [
  '/en-US',
  '/de-DE',
  '/en-US/varg/configurator',
  '/en-US/varg-ex/configurator',
  '/en-US/store',
  '/en-US/varg/stock-bikes',
  '/en-US/us-checkout',
  '/en-US/xmas-auction',
];
const paths = process.argv.slice(2).length ? process.argv.slice(2) : PAGES;
const RUNS = Number(process.env.LH_RUNS ?? 3);
// One protocol, or several (`LH_HTTP=2,1.1`) measured turn about, run by run, so that they share the machine's load.
const PROTOCOLS = (process.env.LH_HTTP ?? '2').split(',').map((p) => p.trim());
for (const protocol of PROTOCOLS) {
  if (!['2', '1.1', '1.1-tls'].includes(protocol))
    throw new Error(`LH_HTTP takes 2, 1.1 and 1.1-tls (comma-separated), not ${protocol}`);
}
const PROTOCOL_LABEL: Record<string, string> = {
  '2': 'HTTP/2 over TLS through a local front (as production serves browsers)',
  '1.1': 'plain HTTP/1.1 to the app (no front, as the bench measured before)',
  '1.1-tls': 'HTTP/1.1 over TLS through a local front',
};
// `lhci assert` and `lhci upload` read the reports from .lighthouseci/ in the directory they run in.
const LHCI_DIR = '.lighthouseci';
type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

const median = (values: number[]) => values.slice().sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)] ?? 0;
const score = (lhr: Lhr, id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
const numeric = (lhr: Lhr, id: string) => lhr.audits[id]?.numericValue ?? 0;
function scriptBytes(lhr: Lhr): number {
  const items = (
    lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] }
  )?.items;
  return items?.find((item) => item.resourceType === 'script')?.transferSize ?? 0;
}
/** The protocol Chromium fetched the document with (h2, http/1.1), as Lighthouse recorded it. */
function documentProtocol(lhr: Lhr): string {
  const items = (lhr.audits['network-requests']?.details as { items?: { resourceType?: string; protocol?: string }[] })
    ?.items;
  return items?.find((item) => item.resourceType === 'Document')?.protocol ?? '?';
}

/** An anonymous cart with one bike in it, in the market of /en-US, named by the cookie the web keeps it in. */
async function cartCookie(): Promise<string> {
  const response = await fetch(`${BASE}/v1/cart/add-item?country=US`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ productId: 'varg-ex', componentIds: ['varg_option_80hp'] }),
  });
  const cart = (await response.json()) as { _id?: string; id?: string };
  const id = cart._id ?? cart.id;
  if (!response.ok || !id) throw new Error(`could not create a cart: ${response.status} ${JSON.stringify(cart)}`);
  return `cart_id=${id}`;
}

function lhci(command: string): number {
  const bin = createRequire(import.meta.url).resolve('@lhci/cli/src/cli.js');
  const run = spawnSync(process.execPath, [bin, command, '--config=bench/lighthouserc.cjs'], { stdio: 'inherit' });
  return run.status ?? 1;
}

// Behind a front the app trusts the front's address, loopback, as the replicas trust Caddy or the ingress
// (TRUST_PROXY=loopback; Fastify 5.12 takes no X-Forwarded-* on a hop count such as `1` alone).
const fronted = PROTOCOLS.some((protocol) => protocol !== '1.1');
const server = startServer([], fronted ? { TRUST_PROXY: 'loopback' } : {});
let chrome: chromeLauncher.LaunchedChrome | undefined;
const targets: { protocol: string; origin: string; front?: TlsFront }[] = [];
const medians: { protocol: string; path: string; lhr: Lhr; performance: number[] }[] = [];
console.log(`Lighthouse over ${PROTOCOLS.map((p) => `${PROTOCOL_LABEL[p]} (LH_HTTP=${p})`).join('; ')}.`);
try {
  await waitReady();
  for (const [i, protocol] of PROTOCOLS.entries()) {
    const front = protocol === '1.1' ? undefined : await startTlsFront(BASE, PORT + 1 + i, protocol as FrontProtocol);
    targets.push({ protocol, origin: front?.origin ?? BASE, ...(front ? { front } : {}) });
  }
  const spkis = targets.flatMap((target) => (target.front ? [target.front.spki] : []));
  const cookie = await cartCookie();
  rmSync(LHCI_DIR, { recursive: true, force: true });
  mkdirSync(LHCI_DIR, { recursive: true });
  chrome = await chromeLauncher.launch({
    chromePath: await chromiumPath(),
    // A front's throwaway certificate is accepted by its key alone (nothing else is trusted that would not be).
    chromeFlags: [
      '--headless=new',
      ...CHROMIUM_ARGS,
      ...(spkis.length ? [`--ignore-certificate-errors-spki-list=${spkis.join(',')}`] : []),
    ],
  });
  let saved = 0;
  for (const path of paths) {
    const headers: Record<string, string> = /checkout$/.test(path) ? { cookie } : {};
    const runs = new Map<string, Lhr[]>(targets.map((target) => [target.protocol, []]));
    // The first request renders and caches an anonymous page (the cache keys on the origin, so through each front);
    // the runs measure what a visitor gets after that.
    for (const { front } of targets) {
      if (front) await frontGet(front, path, headers);
      else await fetch(`${BASE}${path}`, { headers });
    }
    for (let run = 0; run < RUNS; run++) {
      for (const { protocol, origin } of targets) {
        const result = await lighthouse(
          `${origin}${path}`,
          {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
            ...(/checkout$/.test(path) ? { extraHeaders: { Cookie: cookie } } : {}),
          },
          undefined,
        );
        if (!result) throw new Error(`no Lighthouse result for ${origin}${path}`);
        // @lhci/utils groups runs by `finalUrl`, which Lighthouse 13 reports as `finalDisplayedUrl`.
        const lhr = { ...result.lhr, finalUrl: result.lhr.finalDisplayedUrl };
        writeFileSync(join(LHCI_DIR, `lhr-${Date.now()}${String(saved++).padStart(3, '0')}.json`), JSON.stringify(lhr));
        runs.get(protocol)?.push(lhr);
      }
    }
    for (const [protocol, lhrs] of runs) {
      const performance = lhrs.map((lhr) => score(lhr, 'performance'));
      const mid = lhrs.find((lhr) => score(lhr, 'performance') === median(performance)) ?? lhrs[0];
      if (mid) medians.push({ protocol, path, lhr: mid, performance });
    }
  }
} finally {
  await chrome?.kill();
  for (const { front } of targets) await front?.close();
  server.kill('SIGTERM');
}

for (const protocol of PROTOCOLS) {
  console.log(
    `\nLighthouse 13, mobile, over ${PROTOCOL_LABEL[protocol]}, the median of ${RUNS} runs a page (performance of every run in brackets):\n`,
  );
  console.log(
    '| page | performance | accessibility | best practices | SEO | FCP ms | LCP ms | TBT ms | CLS | script KB | protocol | CPU index |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---:|');
  // CPU index: Lighthouse's benchmarkIndex of the median run, how fast this Chrome ran a fixed loop then (higher is
  // faster; 1,500–3,000 in decision 068's undisturbed runs). The simulation multiplies the CPU time it observed by 4, so a
  // low index (a busy machine) inflates total blocking time and the paints.
  for (const { path, lhr, performance } of medians.filter((m) => m.protocol === protocol)) {
    console.log(
      `| ${path} | ${score(lhr, 'performance')} (${performance.join(', ')}) | ${score(lhr, 'accessibility')} | ${score(lhr, 'best-practices')} | ${score(lhr, 'seo')} | ${Math.round(numeric(lhr, 'first-contentful-paint'))} | ${Math.round(numeric(lhr, 'largest-contentful-paint'))} | ${Math.round(numeric(lhr, 'total-blocking-time'))} | ${numeric(lhr, 'cumulative-layout-shift').toFixed(3)} | ${(scriptBytes(lhr) / 1024).toFixed(1)} | ${documentProtocol(lhr)} | ${Math.round(lhr.environment.benchmarkIndex)} |`,
    );
  }
}
for (const { protocol, path, lhr } of medians) {
  for (const id of ['performance', 'accessibility', 'best-practices', 'seo']) {
    const failing = lhr.categories[id]?.auditRefs
      .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => `${ref.id}${lhr.audits[ref.id]?.displayValue ? ` (${lhr.audits[ref.id]?.displayValue})` : ''}`);
    if (failing?.length) console.log(`  ${path} (LH_HTTP=${protocol}) ${id} below 100: ${failing.join(', ')}`);
  }
  if (process.env.LH_DEBUG) {
    for (const id of Object.keys(lhr.audits).filter((k) => /lcp|largest|bootup-time|render-block|long-tasks/.test(k)))
      console.log(`    ${id} ${JSON.stringify(lhr.audits[id]?.details ?? null).slice(0, 1500)}`);
  }
}

console.log(
  `\nThe budget (bench/lighthouserc.cjs), checked by lhci assert over ${readdirSync(LHCI_DIR).length} runs:\n`,
);
const asserted = lhci('assert');
const uploaded = lhci('upload');
console.log(
  asserted === 0 ? '\nEvery budget met.' : '\nA budget failed (above).',
  uploaded === 0 ? 'Reports in bench/.lighthouseci/.' : '',
);
process.exit(asserted || uploaded);
