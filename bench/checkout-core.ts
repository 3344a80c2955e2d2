// The checkout bench's core (bench/checkout.ts runs it against one server; bench/cluster.ts through a balancer while a
// process is killed): buyers with a bike each confirm as new customers and pay by sandbox card at the same moment, each
// double-clicking both buttons. With `retry`, a request whose answer was lost (connection reset, or the balancer's
// 502/503/504 for a process that died under it) is sent again after a pause, as a browser's reload or second click does;
// the confirm carries the page's `confirm_key`, so a retried confirm finds the order it made (decision 062).
import { randomBytes } from 'node:crypto';

export interface Answer {
  status: number;
  json: Record<string, unknown> | null;
}

/** A status of a request that never reached a living process (or whose process died): worth sending again. */
const LOST = new Set([0, 502, 503, 504]);

/** One JSON request; status 0 when the connection failed. With `retries`, lost answers are sent again. */
export async function call(
  base: string,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
  retries = 0,
  stats?: { requests: number; lost: number },
): Promise<Answer> {
  for (let attempt = 0; ; attempt++) {
    let answer: Answer;
    try {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      answer = { status: res.status, json: (await res.json().catch(() => null)) as Record<string, unknown> | null };
    } catch {
      answer = { status: 0, json: null };
    }
    if (stats) stats.requests += 1;
    if (!LOST.has(answer.status) || attempt >= retries) return answer;
    if (stats) stats.lost += 1;
    await new Promise((r) => setTimeout(r, 250 + 250 * attempt));
  }
}

export interface CheckoutResult {
  buyers: number;
  seconds: number;
  /** Requests sent in the timed part (every attempt counted). */
  requests: number;
  /** Answers lost and sent again. */
  lost: number;
  orders: Set<string>;
  /** The buyers' cart ids, for checks in the database. */
  carts: string[];
  paidOnce: number;
  errors: string[];
}

export async function runCheckout(
  base: string,
  options: { buyers: number; retry?: boolean; email?: (i: number) => string },
): Promise<CheckoutResult> {
  const retries = options.retry ? 30 : 0;
  const stats = { requests: 0, lost: 0 };
  const api = (method: string, path: string, body?: unknown, token?: string) =>
    call(base, method, path, body, token, retries, stats);
  const carts = await Promise.all(
    Array.from({ length: options.buyers }, async () => {
      const r = await call(base, 'POST', '/v1/cart/add-item?country=DE', {
        productId: 'varg-ex',
        componentIds: ['varg_option_80hp'],
      });
      if (r.status !== 200) throw new Error(`add-item ${r.status} ${JSON.stringify(r.json)}`);
      return r.json?._id as string;
    }),
  );
  stats.requests = 0;
  const started = performance.now();
  const errors: string[] = [];
  const stamp = Date.now();
  const results = await Promise.all(
    carts.map(async (cartId, i) => {
      const body = {
        cart_id: cartId,
        first_name: 'Buyer',
        last_name: String(i),
        email: options.email?.(i) ?? `buyer-${i}-${stamp}@example.com`,
        phone: '+4915123456789',
        address_input: { country: 'DE', line_1: 'Torstraße 1', postal_code: '10119', city: 'Berlin' },
        shipping_method: 'home_delivery',
        language: 'de',
        // The checkout page's key for this cart: a confirm sent again after a lost answer finds its order.
        confirm_key: randomBytes(32).toString('base64url'),
      };
      // A double click: the same confirm twice at once.
      const [a, b] = await Promise.all([api('POST', '/v1/checkout', body), api('POST', '/v1/checkout', body)]);
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
        api('POST', '/v1/payment', start, token),
        api('POST', '/v1/payment', start, token),
      ]);
      if (p1.json?._id !== p2.json?._id) errors.push(`buyer ${i} started two payments`);
      const card = {
        details: { type: 'card', number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
        returnUrl: '/de-DE/x',
      };
      const [c1, c2] = await Promise.all([
        api('POST', `/v1/payment/${p1.json?._id}/confirm`, card, token),
        api('POST', `/v1/payment/${p1.json?._id}/confirm`, card, token),
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
    const view = await call(base, 'GET', `/v1/order/${r.order}`, undefined, r.token, retries);
    const payments = (view.json?.payments as Array<{ status: string }>) ?? [];
    if (view.json?.toPay === 0 && payments.filter((p) => p.status === 'SUCCEEDED').length === 1) paidOnce += 1;
  }
  return {
    buyers: options.buyers,
    seconds,
    requests: stats.requests,
    lost: stats.lost,
    orders,
    carts,
    paidOnce,
    errors,
  };
}
