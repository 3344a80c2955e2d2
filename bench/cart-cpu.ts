// CPU per request of the cart calls (issue 19): on a machine shared with other work, throughput swings with the load;
// the server's own CPU time per request does much less. Not part of `npm test`.
//   npm run build && BENCH_DATABASE_URL=postgres://... npx node bench/cart-cpu.ts
import autocannon from 'autocannon';
import { BASE, cpuMs, startServer, waitReady } from './server.ts';

const DURATION = Number(process.env.BENCH_SECONDS ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);

const server = startServer();
try {
  await waitReady();
  const pid = server.pid as number;
  const json = { 'content-type': 'application/json' };
  const body = JSON.stringify({ productId: 'varg-ex', componentIds: ['varg_option_80hp'] });
  const add = (cartId?: string) =>
    fetch(`${BASE}/v1/cart/add-item?country=DE${cartId ? `&cartId=${cartId}` : ''}`, {
      method: 'POST',
      headers: json,
      body,
    });
  const cart = (await (await add()).json()) as { _id: string };
  // A second cart that the add scenarios do not touch: the hammered cart's row and line carry thousands of dead
  // versions until autovacuum comes, which every read of them walks.
  const quiet = (await (await add()).json()) as { _id: string };
  const post = { method: 'POST' as const, headers: json, body };
  const scenarios: Array<[string, string, typeof post | undefined]> = [
    ['GET /health', '/health', undefined],
    ['POST /v1/cart/add-item (one cart)', `/v1/cart/add-item?cartId=${cart._id}&country=DE`, post],
    ['POST /v1/cart/add-item (new carts)', '/v1/cart/add-item?country=DE', post],
    ['GET /v1/cart', `/v1/cart?cartId=${cart._id}`, undefined],
    ['GET /v1/cart (a cart the adds did not touch)', `/v1/cart?cartId=${quiet._id}`, undefined],
  ];
  // Warm-up: the JIT and the catalogue's caches.
  for (const [, path, send] of scenarios)
    await autocannon({ url: `${BASE}${path}`, connections: 10, duration: 1, ...(send ?? {}) });
  console.log('| call | req/s | p99 ms | errors | non-2xx | server CPU ms per request |');
  console.log('|---|---:|---:|---:|---:|---:|');
  const only = process.env.BENCH_ONLY?.toLowerCase();
  for (const [name, path, send] of scenarios) {
    if (only && !name.toLowerCase().includes(only)) continue;
    const before = cpuMs(pid);
    const r = await autocannon({
      url: `${BASE}${path}`,
      connections: CONNECTIONS,
      duration: DURATION,
      ...(send ?? {}),
    });
    const perRequest = (cpuMs(pid) - before) / r.requests.total;
    console.log(
      `| ${name} | ${Math.round(r.requests.average)} | ${r.latency.p99} | ${r.errors} | ${r.non2xx} | ${perRequest.toFixed(2)} |`,
    );
  }
} finally {
  server.kill('SIGTERM');
}
