// Load benchmark (issue 2, "Targets"): throughput and p99 latency of the SSR home page, the country list and a
// static file from the same server, on loopback, in one run. Not part of `npm test`.
//   npm run build && npm run bench            (PGlite)
//   BENCH_DATABASE_URL=postgres://... npm run bench
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { BASE, startServer, waitReady } from './server.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** `BENCH_ONLY=cart,health`: only the scenarios whose name contains one of these words (case-insensitive). */
const ONLY = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((w) => w.trim().toLowerCase())
  .filter(Boolean);
const wanted = (name: string) => !ONLY.length || ONLY.some((w) => name.toLowerCase().includes(w));

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

interface Result {
  name: string;
  path: string;
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
}

/** A request other than a plain GET: autocannon's method, body and headers. */
interface Send {
  method: 'POST' | 'PUT';
  body: string;
  headers: Record<string, string>;
}

async function load(name: string, path: string, send?: Send): Promise<Result> {
  // `[<id>]` in a path becomes a unique id per request: a page-cache miss every time.
  const r = await autocannon({
    url: `${BASE}${path}`,
    connections: CONNECTIONS,
    duration: DURATION,
    pipelining: 1,
    idReplacement: path.includes('[<id>]'),
    ...(send ?? {}),
  });
  return { name, path, rps: r.requests.average, p99: r.latency.p99, errors: r.errors, non2xx: r.non2xx };
}

/**
 * Gzipped JavaScript a first visit to the page downloads: modulepreload links, module scripts, and the locale's
 * messages script (decision 067; kept by the browser for a year, so later pages do not download it again).
 */
async function pageJsGzip(path: string): Promise<{ files: number; bytes: number; html: number }> {
  const html = await (await fetch(`${BASE}${path}?weight=1`)).text();
  const urls = new Set<string>();
  for (const m of html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)) urls.add(m[1] as string);
  for (const m of html.matchAll(/import\("([^"]+\.js)"\)/g)) urls.add(m[1] as string);
  for (const m of html.matchAll(/<script src="([^"]+\.js)"/g)) urls.add(m[1] as string);
  let bytes = 0;
  for (const url of urls)
    bytes += gzipSync(Buffer.from(await (await fetch(`${BASE}${url}`)).arrayBuffer()), { level: 9 }).length;
  return { files: urls.size, bytes, html: gzipSync(html, { level: 9 }).length };
}

const server = startServer();
try {
  await waitReady();
  const cssFile = readdirSync('apps/web/build/client/assets').find((f) => f.endsWith('.css'));
  const staticPath = `/assets/${cssFile}`;
  // Warm up the JIT, the page cache and the API client cache.
  await autocannon({ url: `${BASE}/en-US`, connections: 10, duration: 2 });
  const idleRss = rssMb(server.pid as number);
  // The pricing endpoint names a configuration by its hash: price it once so it is saved.
  const priced = (await (
    await fetch(
      `${BASE}/v1/checkout/orderInfo/varg-ex?country=DE&componentId=varg_option_80hp&componentId=varg_option_enduro18`,
    )
  ).json()) as { hash: string };

  // One anonymous cart that every add-to-cart request adds to (one line, its quantity capped at 99): the adds contend
  // for one cart row, as a shopper's repeated clicks would.
  const json = { 'content-type': 'application/json' };
  const cart = (await (
    await fetch(`${BASE}/v1/cart/add-item?country=DE`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ productId: 'varg-ex', componentIds: ['varg_option_80hp'] }),
    })
  ).json()) as { _id: string };
  const addToCart: Send = {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ productId: 'varg-ex', componentIds: ['varg_option_80hp'] }),
  };

  const results: Result[] = [];
  const peaks: Record<string, number> = {};
  for (const [name, path, send] of [
    ['static file', staticPath],
    ['SSR home page', '/en-US'],
    ['SSR home page, cache miss', '/en-US?v=[<id>]'],
    ['GET /v1/country', '/v1/country?status=1&limit=300&sort=name'],
    ['GET /v1/product/getlist', '/v1/product/getlist?countryLocation=DE&category=bikes&status=1'],
    [
      'GET /v1/checkout/orderInfo',
      '/v1/checkout/orderInfo/varg-ex?country=DE&componentId=varg_option_80hp&componentId=varg_option_side_stand_yes',
    ],
    ['GET /v1/checkout/{hash}/pricing', `/v1/checkout/${priced.hash}/pricing?country=DE`],
    ['SSR configurator page', '/de-DE/varg-ex/configurator?power=80hp&sideStand=side_stand_yes'],
    ['SSR configurator page, cache miss', '/de-DE/varg-ex/configurator?power=80hp&v=[<id>]'],
    ['POST /v1/cart/add-item', `/v1/cart/add-item?cartId=${cart._id}&country=DE`, addToCart],
    ['POST /v1/cart/add-item, new cart', '/v1/cart/add-item?country=DE', addToCart],
    ['GET /v1/cart', `/v1/cart?cartId=${cart._id}`],
    ['GET /health', '/health'],
  ] as Array<[string, string, Send?]>) {
    if (!wanted(name)) continue;
    let peak = rssMb(server.pid as number);
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(server.pid as number));
    }, 200);
    results.push(await load(name, path, send));
    clearInterval(sampler);
    peaks[name] = peak;
  }
  const js = await pageJsGzip('/en-US');
  if (ONLY.length) console.log('(only the scenarios matching BENCH_ONLY)');
  const configuratorJs = await pageJsGzip('/de-DE/varg-ex/configurator');

  const byName = Object.fromEntries(results.map((r) => [r.name, r]));
  const ratio = (a: string, b: string) => ((byName[a]?.rps ?? 0) / (byName[b]?.rps ?? 1)).toFixed(2);
  console.log(
    `\n${CONNECTIONS} connections, ${DURATION} s each, database: ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}\n`,
  );
  console.log('| endpoint | req/s | p99 ms | errors | non-2xx | peak RSS MB |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of results) {
    const peak = peaks[r.name]?.toFixed(0);
    console.log(
      `| ${r.name} (\`${r.path}\`) | ${Math.round(r.rps)} | ${r.p99} | ${r.errors} | ${r.non2xx} | ${peak} |`,
    );
  }
  console.log(`\nSSR home / static file throughput: ${ratio('SSR home page', 'static file')} (target ≥ 0.50)`);
  console.log(`SSR home rendered every time / static file: ${ratio('SSR home page, cache miss', 'static file')}`);
  console.log(`GET /v1/country / static file throughput: ${ratio('GET /v1/country', 'static file')}`);
  console.log(
    `RSS idle after warm-up: ${idleRss.toFixed(0)} MB (target ≤ 200); peak under the anonymous page load: ${peaks['SSR home page']?.toFixed(0)} MB (target ≤ 400)`,
  );
  console.log(`Home page JavaScript: ${js.files} files, ${(js.bytes / 1024).toFixed(1)} KB gzip (target ≤ 100 KB)`);
  console.log(`Home page document: ${(js.html / 1024).toFixed(1)} KB gzip`);
  console.log(
    `Configurator page JavaScript: ${configuratorJs.files} files, ${(configuratorJs.bytes / 1024).toFixed(1)} KB gzip (target ≤ 130 KB)`,
  );
  const health = byName['GET /health']?.p99 ?? 0;
  for (const [name, target] of [
    ['GET /v1/product/getlist', '2,000'],
    ['GET /v1/checkout/{hash}/pricing', '2,000'],
    ['POST /v1/cart/add-item', '500'],
    ['POST /v1/cart/add-item, new cart', '500'],
    ['GET /v1/cart', '2,000'],
  ]) {
    const r = byName[name as string];
    if (!r) continue;
    console.log(
      `${name}: ${Math.round(r.rps)} req/s (target ≥ ${target}), p99 ${r.p99} ms = ${(r.p99 / (health || 1)).toFixed(1)}× /health (target ≤ 5×)`,
    );
  }
} finally {
  server.kill('SIGTERM');
}
