// The loads `npm run bench` measures, one after the other against one server, with the server's RSS sampled during
// each. Not part of `npm test`.
import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { BASE, cpuMs } from './server.ts';
import { signedInPage } from './session.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** `BENCH_ONLY=cart,health`: only the scenarios whose name contains one of these words (case-insensitive). */
export const ONLY = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((w) => w.trim().toLowerCase())
  .filter(Boolean);
const wanted = (name: string) => !ONLY.length || ONLY.some((w) => name.toLowerCase().includes(w));

/** The names the targets (bench/targets.ts) look figures up by. */
export const NAMES = {
  static: 'static file',
  home: 'SSR home page',
  homeRendered: 'SSR home page, cache miss',
  configurator: 'SSR configurator page',
  configuratorRendered: 'SSR configurator page, cache miss',
  ordersMy: "SSR a customer's orders (signed in)",
  leads: "SSR a dealer's leads (signed in)",
  addOne: 'POST /v1/cart/add-item',
  addNew: 'POST /v1/cart/add-item, new cart',
  cart: 'GET /v1/cart',
  health: 'GET /health',
} as const;

export function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

/**
 * Waits until the server is done with the requests a load left behind (autocannon gives up on a request after 10 s;
 * the server still renders it), so one load's backlog does not count against the next: until it uses less than a
 * fifth of a core over half a second, 30 s at most. Returns the seconds waited.
 */
/**
 * How long the bench leaves the server without a request before reading its idle RSS: the server's
 * `IDLE_COMPACTION_MS` (30 s unless set) and 5 s more; `BENCH_IDLE_MS` sets it.
 */
const IDLE_WAIT_MS = Number(process.env.BENCH_IDLE_MS ?? Number(process.env.IDLE_COMPACTION_MS ?? 30_000) + 5_000);

async function settle(pid: number): Promise<number> {
  const start = Date.now();
  while (Date.now() - start < 30_000) {
    const before = cpuMs(pid);
    await new Promise((r) => setTimeout(r, 500));
    if (cpuMs(pid) - before < 100) break;
  }
  return (Date.now() - start) / 1000;
}

export interface Result {
  name: string;
  path: string;
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Answers received (a load whose requests all timed out has none, and no latency worth the name). */
  answers: number;
  /** The server's largest RSS sampled during the load (every 200 ms). */
  peakRss: number;
  /** Seconds the server stayed busy after the load ended (requests autocannon had given up on). */
  settled: number;
}

interface Scenario {
  name: string;
  path: string;
  method?: 'POST';
  body?: string;
  headers?: Record<string, string>;
}

export interface Measurement {
  results: Result[];
  /** RSS once the warm-up has settled (~2 s after it). */
  warmRss: number;
  /** RSS after `IDLE_WAIT_MS` without a request: the process has given back what it could (decision 075). */
  idleRss: number;
  homeJs: PageWeight;
  configuratorJs: PageWeight;
}

interface PageWeight {
  files: number;
  bytes: number;
  html: number;
}

async function load(s: Scenario): Promise<Omit<Result, 'peakRss' | 'settled'>> {
  // `[<id>]` in a path becomes a unique id per request: a page-cache miss every time.
  const r = await autocannon({
    url: `${BASE}${s.path}`,
    connections: CONNECTIONS,
    duration: DURATION,
    pipelining: 1,
    idReplacement: s.path.includes('[<id>]'),
    ...(s.method ? { method: s.method } : {}),
    ...(s.body ? { body: s.body } : {}),
    ...(s.headers ? { headers: s.headers } : {}),
  });
  return {
    name: s.name,
    path: s.path,
    rps: r.requests.average,
    p99: r.latency.p99,
    errors: r.errors,
    non2xx: r.non2xx,
    answers: r['2xx'] + r.non2xx,
  };
}

/**
 * Gzipped JavaScript a first visit to the page downloads: modulepreload links, module scripts, and the locale's
 * messages script (decision 067; kept by the browser for a year, so later pages do not download it again).
 */
async function pageJsGzip(path: string): Promise<PageWeight> {
  const html = await (await fetch(`${BASE}${path}?weight=1`)).text();
  const urls = new Set<string>();
  for (const m of html.matchAll(/<link rel="modulepreload"[^>]*? href="([^"]+)"/g)) urls.add(m[1] as string);
  for (const m of html.matchAll(/import\("([^"]+\.js)"\)/g)) urls.add(m[1] as string);
  for (const m of html.matchAll(/<script src="([^"]+\.js)"/g)) urls.add(m[1] as string);
  let bytes = 0;
  for (const url of urls)
    bytes += gzipSync(Buffer.from(await (await fetch(`${BASE}${url}`)).arrayBuffer()), { level: 9 }).length;
  return { files: urls.size, bytes, html: gzipSync(html, { level: 9 }).length };
}

/** What the scenarios need from the running server: a priced configuration, a cart, two signed-in visitors. */
async function prepare(): Promise<Scenario[]> {
  // The shop's own stylesheet (every page links it), not a library's.
  const css = readdirSync('apps/web/build/client/assets').filter((f) => f.endsWith('.css'));
  const cssFile = css.find((f) => f.startsWith('styles-')) ?? css[0];
  // The pricing endpoint names a configuration by its hash: price it once so it is saved.
  const priced = (await (
    await fetch(
      `${BASE}/v1/checkout/orderInfo/varg-ex?country=DE&componentId=varg_option_80hp&componentId=varg_option_enduro18`,
    )
  ).json()) as { hash: string };
  // One anonymous cart that every add-to-cart request adds to (one line, its quantity capped at 99): the adds contend
  // for one cart row, as a shopper's repeated clicks would.
  const json = { 'content-type': 'application/json' };
  const body = JSON.stringify({ productId: 'varg-ex', componentIds: ['varg_option_80hp'] });
  const cart = (await (
    await fetch(`${BASE}/v1/cart/add-item?country=DE`, { method: 'POST', headers: json, body })
  ).json()) as { _id: string };
  const add = { method: 'POST' as const, headers: json, body };
  // Signed-in pages are never served from the page cache: each request renders. Checked once by hand here (a 200
  // that is the page itself, not a redirect to the sign-in page); the loads count anything else as non-2xx.
  const customer = wanted(NAMES.ordersMy)
    ? await signedInPage('customer@demo.starkfuture.com', '/en-US/orders/my', 'routes/orders-my')
    : null;
  const dealer = wanted(NAMES.leads)
    ? await signedInPage('dealer@demo.starkfuture.com', '/en-US/leads', 'routes/leads')
    : null;
  return [
    { name: NAMES.static, path: `/assets/${cssFile}` },
    { name: NAMES.home, path: '/en-US' },
    { name: NAMES.homeRendered, path: '/en-US?v=[<id>]' },
    { name: 'GET /v1/country', path: '/v1/country?status=1&limit=300&sort=name' },
    { name: 'GET /v1/product/getlist', path: '/v1/product/getlist?countryLocation=DE&category=bikes&status=1' },
    {
      name: 'GET /v1/checkout/orderInfo',
      path: '/v1/checkout/orderInfo/varg-ex?country=DE&componentId=varg_option_80hp&componentId=varg_option_side_stand_yes',
    },
    { name: 'GET /v1/checkout/{hash}/pricing', path: `/v1/checkout/${priced.hash}/pricing?country=DE` },
    { name: NAMES.configurator, path: '/de-DE/varg-ex/configurator?power=80hp&sideStand=side_stand_yes' },
    { name: NAMES.configuratorRendered, path: '/de-DE/varg-ex/configurator?power=80hp&v=[<id>]' },
    ...(customer ? [{ name: NAMES.ordersMy, path: customer.path, headers: { cookie: customer.cookie } }] : []),
    ...(dealer ? [{ name: NAMES.leads, path: dealer.path, headers: { cookie: dealer.cookie } }] : []),
    { name: NAMES.addOne, path: `/v1/cart/add-item?cartId=${cart._id}&country=DE`, ...add },
    { name: NAMES.addNew, path: '/v1/cart/add-item?country=DE', ...add },
    { name: NAMES.cart, path: `/v1/cart?cartId=${cart._id}` },
    { name: NAMES.health, path: '/health' },
  ];
}

/** One whole measurement against a ready server: warm-up, idle RSS, every load, the pages' JavaScript. */
export async function measure(pid: number): Promise<Measurement> {
  // Warm up the JIT, the page cache and the API client cache; then let the server settle before reading its RSS.
  const warmUp = async () => {
    await autocannon({ url: `${BASE}/en-US`, connections: 10, duration: 2 });
    await settle(pid);
    await new Promise((r) => setTimeout(r, 1_000));
  };
  await warmUp();
  const warmRss = rssMb(pid);
  // Idle: no request for the server's idle time, when it gives memory back (decision 075)…
  await new Promise((r) => setTimeout(r, IDLE_WAIT_MS));
  const idleRss = rssMb(pid);
  // …and warm again, so the loads start as they did before (the compacted process warms its code up again).
  await warmUp();
  const results: Result[] = [];
  for (const scenario of await prepare()) {
    if (!wanted(scenario.name)) continue;
    let peak = rssMb(pid);
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(pid));
    }, 200);
    const result = await load(scenario);
    const settled = await settle(pid);
    clearInterval(sampler);
    results.push({ ...result, peakRss: peak, settled });
  }
  const homeJs = await pageJsGzip('/en-US');
  const configuratorJs = await pageJsGzip('/de-DE/varg-ex/configurator');
  return { results, warmRss, idleRss, homeJs, configuratorJs };
}
