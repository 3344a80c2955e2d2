// 100 buyers check out at once (issue 5 target): each has a cart with a bike, confirms as a new customer and pays by
// sandbox card, all at the same moment — and each buyer double-clicks both buttons. Afterwards every order is checked:
// no error, one order per buyer, one successful payment per order, nothing left to pay.
//   npm run build && node bench/checkout.ts          (BENCH_DATABASE_URL=postgres://… for PostgreSQL)
import { BASE, startServer, waitReady } from './server.ts';

const BUYERS = Number(process.env.BENCH_BUYERS ?? 100);

async function call(method: string, path: string, body?: unknown, token?: string) {
  const res = await fetch(`${BASE}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await res.json().catch(() => null)) as Record<string, unknown> | null;
  return { status: res.status, json };
}

const server = startServer();
try {
  await waitReady();
  const carts = await Promise.all(
    Array.from({ length: BUYERS }, async () => {
      const r = await call('POST', '/v1/cart/add-item?country=DE', {
        productId: 'varg-ex',
        componentIds: ['varg_option_80hp'],
      });
      if (r.status !== 200) throw new Error(`add-item ${r.status} ${JSON.stringify(r.json)}`);
      return r.json?._id as string;
    }),
  );
  const started = performance.now();
  const errors: string[] = [];
  const results = await Promise.all(
    carts.map(async (cartId, i) => {
      const body = {
        cart_id: cartId,
        first_name: 'Buyer',
        last_name: String(i),
        email: `buyer-${i}-${Date.now()}@example.com`,
        phone: '+4915123456789',
        address_input: { country: 'DE', line_1: 'Torstraße 1', postal_code: '10119', city: 'Berlin' },
        shipping_method: 'home_delivery',
        language: 'de',
      };
      // A double click: the same confirm twice at once.
      const [a, b] = await Promise.all([call('POST', '/v1/checkout', body), call('POST', '/v1/checkout', body)]);
      const confirmed = [a, b].find((r) => r.status === 200 && r.json?.token);
      for (const r of [a, b]) if (r.status !== 200 && r.status !== 409) errors.push(`confirm ${r.status}`);
      if (!confirmed?.json) {
        errors.push(`no confirm for buyer ${i}: ${a.status}/${b.status}`);
        return null;
      }
      const token = confirmed.json.token as string;
      const order = (confirmed.json.order as { _id: string })._id;
      const other = [a, b].find((r) => r !== confirmed);
      if (other?.status === 200 && (other.json?.order as { _id: string } | undefined)?._id !== order)
        errors.push(`buyer ${i} got two orders`);
      const start = { kind: 'full', method: 'card', order };
      const [p1, p2] = await Promise.all([
        call('POST', '/v1/payment', start, token),
        call('POST', '/v1/payment', start, token),
      ]);
      if (p1.json?._id !== p2.json?._id) errors.push(`buyer ${i} started two payments`);
      const card = {
        details: { type: 'card', number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
        returnUrl: '/de-DE/x',
      };
      const [c1, c2] = await Promise.all([
        call('POST', `/v1/payment/${p1.json?._id}/confirm`, card, token),
        call('POST', `/v1/payment/${p1.json?._id}/confirm`, card, token),
      ]);
      const succeeded = [c1, c2].filter((c) => c.json?.status === 'SUCCEEDED').length;
      if (succeeded < 1) errors.push(`buyer ${i} card ${c1.status}/${c2.status}`);
      return { order, token };
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  let paidOnce = 0;
  const orders = new Set<string>();
  for (const r of results) {
    if (!r) continue;
    orders.add(r.order);
    const view = await call('GET', `/v1/order/${r.order}`, undefined, r.token);
    const payments = (view.json?.payments as Array<{ status: string }>) ?? [];
    if (view.json?.toPay === 0 && payments.filter((p) => p.status === 'SUCCEEDED').length === 1) paidOnce += 1;
  }
  console.log(
    `${BUYERS} buyers, database: ${process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}: ${seconds.toFixed(1)} s; ` +
      `orders ${orders.size} (distinct), paid exactly once ${paidOnce}, errors ${errors.length}`,
  );
  for (const e of errors.slice(0, 10)) console.log(`  ${e}`);
  if (errors.length || orders.size !== BUYERS || paidOnce !== BUYERS) process.exitCode = 1;
} finally {
  server.kill('SIGTERM');
}
