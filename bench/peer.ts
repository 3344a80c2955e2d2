// Against a peer (issue 19 item 5): this shop and Medusa v2 on the same PostgreSQL, in one run, over HTTP only.
// Medusa runs outside the repo (bench/peer-medusa.md); this script starts this shop's built server itself.
//   npm run build
//   BENCH_PORT=3300 BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/shop_peer \
//     MEDUSA_URL=http://127.0.0.1:9300 MEDUSA_KEY=pk_… npx node bench/peer.ts
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import { BASE, startServer, waitReady } from './server.ts';

const MEDUSA = process.env.MEDUSA_URL ?? 'http://127.0.0.1:9300';
const KEY = process.env.MEDUSA_KEY ?? '';
const DURATION = Number(process.env.PEER_SECONDS ?? 10);
const CONNECTIONS = (process.env.PEER_CONNECTIONS ?? '10,50').split(',').map(Number);
/** Each pair (ours, Medusa) runs this many times, alternately, so both share the machine's noise. */
const ROUNDS = Number(process.env.PEER_ROUNDS ?? 2);
const TARGET = 50;

if (!KEY || !process.env.BENCH_DATABASE_URL) {
  console.error('Set MEDUSA_KEY (publishable API key) and BENCH_DATABASE_URL (PostgreSQL); see bench/peer-medusa.md');
  process.exit(2);
}

const json = { 'content-type': 'application/json' };
const medusaHeaders = { ...json, 'x-publishable-api-key': KEY };

interface Run {
  /** 2xx answers per second over the run (a request cut off at the end is not counted). */
  rps: number;
  p99: number;
  errors: number;
  non2xx: number;
  /** Status codes other than 2xx, with their counts. */
  codes: string;
}

/** One request, checked: the load must not measure error pages. */
async function call(url: string, init?: RequestInit): Promise<Record<string, unknown>> {
  const res = await fetch(url, init);
  const text = await res.text();
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

async function load(opts: autocannon.Options): Promise<Run> {
  const r = await autocannon({ pipelining: 1, duration: DURATION, ...opts });
  const codes = Object.entries(r.statusCodeStats ?? {})
    .filter(([code]) => !code.startsWith('2'))
    .map(([code, v]) => `${code}×${v.count ?? 0}`)
    .join(' ');
  return { rps: r['2xx'] / r.duration, p99: r.latency.p99, errors: r.errors + r.timeouts, non2xx: r.non2xx, codes };
}

/** A POST load of one body to one URL, at a given number of connections. */
const post = (url: string, headers: Record<string, string>, body: string) => (connections: number) =>
  load({ url, connections, method: 'POST', headers, body });

/** Waits (up to 2 minutes) until `url` answers 2xx within a second twice in a row. */
async function settle(url: string, headers: Record<string, string>): Promise<void> {
  const deadline = Date.now() + 120_000;
  let prompt = 0;
  while (prompt < 2 && Date.now() < deadline) {
    const started = Date.now();
    const ok = await fetch(url, { headers, signal: AbortSignal.timeout(30_000) })
      .then(async (res) => {
        await res.arrayBuffer();
        return res.ok;
      })
      .catch(() => false);
    prompt = ok && Date.now() - started < 1000 ? prompt + 1 : 0;
    if (prompt < 2) await new Promise((r) => setTimeout(r, 500));
  }
}

/** What autocannon keeps per connection between Medusa's create-cart and add-line requests. */
interface CartContext {
  cartId?: string;
}

interface Scenario {
  name: string;
  ours: (connections: number) => Promise<Run>;
  medusa: (connections: number) => Promise<Run>;
  /** Requests Medusa needs for one of ours (its create-cart-then-add is two): its req/s is divided by this. */
  medusaRequestsPerOp: number;
  note: string;
}

const load1 = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
const loadAtStart = load1();
const server = startServer();
try {
  await waitReady();
  const medusaHealth = await fetch(`${MEDUSA}/health`).catch(() => null);
  if (!medusaHealth?.ok) throw new Error(`Medusa is not answering at ${MEDUSA}/health`);

  // Medusa's region (EUR, Germany) and the seeded product's variant, found through its store API.
  const { regions } = (await call(`${MEDUSA}/store/regions`, { headers: medusaHeaders })) as {
    regions: Array<{ id: string; currency_code: string; countries?: Array<{ iso_2: string }> }>;
  };
  const region = regions.find((r) => r.countries?.some((c) => c.iso_2 === 'de')) ?? regions[0];
  if (!region) throw new Error('Medusa has no region: run the seed of bench/peer-medusa.md');
  const medusaList = `/store/products?region_id=${region.id}&fields=*variants.calculated_price`;
  const { products } = (await call(`${MEDUSA}${medusaList}`, { headers: medusaHeaders })) as {
    products: Array<{ variants: Array<{ id: string; calculated_price?: { calculated_amount: number } }> }>;
  };
  const variant = products[0]?.variants[0];
  if (!variant?.calculated_price) throw new Error('Medusa product list has no priced variant in the region');
  const medusaAdd = JSON.stringify({ variant_id: variant.id, quantity: 1 });
  const created = (await call(`${MEDUSA}/store/carts`, {
    method: 'POST',
    headers: medusaHeaders,
    body: JSON.stringify({ region_id: region.id }),
  })) as { cart: { id: string } };
  const medusaCart = created.cart.id;
  await call(`${MEDUSA}/store/carts/${medusaCart}/line-items`, {
    method: 'POST',
    headers: medusaHeaders,
    body: medusaAdd,
  });

  // Ours: the same calls as bench/run.ts.
  const ourList = '/v1/product/getlist?countryLocation=DE&category=bikes&status=1';
  await call(`${BASE}${ourList}`);
  const ourAdd = JSON.stringify({ productId: 'varg-ex', componentIds: ['varg_option_80hp'] });
  const ourCart = (
    (await call(`${BASE}/v1/cart/add-item?country=DE`, { method: 'POST', headers: json, body: ourAdd })) as {
      _id: string;
    }
  )._id;

  // Warm-up of both servers' JIT and caches.
  await load({ url: `${BASE}${ourList}`, connections: 10, duration: 2 });
  await load({ url: `${MEDUSA}${medusaList}`, connections: 10, duration: 2, headers: medusaHeaders });
  // A server keeps working on the requests autocannon gave up on (timeouts) after a run ends: wait until its product
  // list answers promptly again, so one side's backlog is not measured in the next run.
  const settleOurs = () => settle(`${BASE}${ourList}`, {});
  const settleMedusa = () => settle(`${MEDUSA}${medusaList}`, medusaHeaders);
  await settleOurs();
  await settleMedusa();

  const scenarios: Scenario[] = [
    {
      name: 'product list with prices',
      ours: (c) => load({ url: `${BASE}${ourList}`, connections: c }),
      medusa: (c) => load({ url: `${MEDUSA}${medusaList}`, connections: c, headers: medusaHeaders }),
      medusaRequestsPerOp: 1,
      note: `ours \`GET ${ourList}\`; Medusa \`GET /store/products?region_id=…&fields=*variants.calculated_price\``,
    },
    {
      name: 'add to one cart',
      ours: post(`${BASE}/v1/cart/add-item?cartId=${ourCart}&country=DE`, json, ourAdd),
      medusa: post(`${MEDUSA}/store/carts/${medusaCart}/line-items`, medusaHeaders, medusaAdd),
      medusaRequestsPerOp: 1,
      note: 'every request adds the same item to one cart; both answer the cart',
    },
    {
      name: 'add to a new cart',
      ours: post(`${BASE}/v1/cart/add-item?country=DE`, json, ourAdd),
      // Medusa has no add-without-cart: each operation is `POST /store/carts` then `POST …/line-items` on it.
      medusa: (c) =>
        load({
          url: MEDUSA,
          connections: c,
          headers: medusaHeaders,
          requests: [
            {
              method: 'POST',
              path: '/store/carts',
              body: JSON.stringify({ region_id: region.id }),
              onResponse: (status, body, context) => {
                if (status === 200)
                  (context as CartContext).cartId = (JSON.parse(body) as { cart: { id: string } }).cart.id;
              },
            },
            {
              method: 'POST',
              body: medusaAdd,
              setupRequest: (req, context) => ({
                ...req,
                path: `/store/carts/${(context as CartContext).cartId}/line-items`,
              }),
            },
          ],
        }),
      medusaRequestsPerOp: 2,
      note: 'ours: one request creates the cart with its line; Medusa: create cart + add line (2 requests, counted as one operation; its p99 is per request)',
    },
  ];

  const rows: string[] = [];
  const ratios: Array<[string, number]> = [];
  const raw: string[] = [];
  const fmt = (r: Run) =>
    `${r.rps.toFixed(1)} req/s, p99 ${r.p99} ms, errors ${r.errors}, non-2xx ${r.non2xx}${r.codes ? ` (${r.codes})` : ''}`;
  for (const connections of CONNECTIONS) {
    for (const s of scenarios) {
      const ours: Run[] = [];
      const medusa: Run[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        const o = await s.ours(connections);
        await settleOurs();
        const m = await s.medusa(connections);
        await settleMedusa();
        ours.push(o);
        medusa.push(m);
        raw.push(`${s.name}, ${connections} conn, round ${round}: ours ${fmt(o)}; Medusa ${fmt(m)}; load ${load1()}`);
      }
      const sum = (runs: Run[]) => ({
        rps: runs.reduce((a, r) => a + r.rps, 0) / runs.length,
        p99: Math.max(...runs.map((r) => r.p99)),
        errors: runs.reduce((a, r) => a + r.errors, 0),
        non2xx: runs.reduce((a, r) => a + r.non2xx, 0),
      });
      const o = sum(ours);
      const m = sum(medusa);
      const mOps = m.rps / s.medusaRequestsPerOp;
      const ratio = mOps > 0 ? o.rps / mOps : Number.POSITIVE_INFINITY;
      ratios.push([`${s.name}, ${connections} connections`, ratio]);
      rows.push(
        `| ${s.name} | ${connections} | ${Math.round(o.rps)} | ${o.p99} | ${o.errors}/${o.non2xx} | ${mOps.toFixed(1)} | ${m.p99} | ${m.errors}/${m.non2xx} | ${Number.isFinite(ratio) ? `${ratio.toFixed(0)}×` : 'Medusa none'} |`,
      );
    }
  }

  console.log(`\n${DURATION} s per run, ${ROUNDS} rounds alternating ours/Medusa: the mean of 2xx answers per second,`);
  console.log("the worst round's p99; errors = connection errors + timeouts, non-2xx = other answers (all rounds)\n");
  console.log(
    '| scenario | connections | ours req/s | ours p99 ms | ours errors/non-2xx | Medusa ops/s | Medusa p99 ms | Medusa errors/non-2xx | ratio |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) console.log(row);
  console.log('');
  for (const s of scenarios) console.log(`- ${s.name}: ${s.note}`);
  console.log('');
  for (const [name, ratio] of ratios)
    console.log(
      `${name}: ${Number.isFinite(ratio) ? `${ratio.toFixed(0)}×` : 'Medusa completed none'} (target ≥ ${TARGET}×: ${ratio >= TARGET ? 'met' : 'not met'})`,
    );
  console.log(`\nPer round:\n${raw.join('\n')}`);
  console.log(`\nLoad average (1, 5, 15 min): ${loadAtStart} at the start, ${load1()} at the end`);
} finally {
  server.kill('SIGTERM');
}
