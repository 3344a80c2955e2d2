// Issue 23 item 7 (decision 062): a lost answer is not a lost buyer. The server runs on a fresh PostgreSQL database;
// 60 guests confirm and pay by sandbox card at once; the process is killed with SIGKILL ~0.6 s in, then restarted;
// every buyer whose answer was lost retries from the start with the same confirm key (what the checkout page does on a
// reload or a second click). Checked afterwards, in the database: one order per cart, every order paid exactly once
// (one succeeded payment, nothing left to pay), no buyer without an order, no account without one.
//   npm run build && npx node bench/confirm-crash.ts
//   (BENCH_DATABASE_URL: the PostgreSQL server, default postgres://postgres@127.0.0.1:5432/postgres; a database is
//    made for the run and dropped after it; BENCH_BUYERS, BENCH_KILL_MS, or BENCH_KILL_AFTER_ORDERS=n to kill once n
//    orders are committed; BENCH_NO_KEY=1 confirms without the key: the refused retry follows the e-mailed pay link)
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { checkOrders } from './cluster-checks.ts';
import { BASE, startServer, waitReady } from './server.ts';

const BUYERS = Number(process.env.BENCH_BUYERS ?? 60);
const KILL_MS = Number(process.env.BENCH_KILL_MS ?? 600);
const WITH_KEY = process.env.BENCH_NO_KEY !== '1';
const KILL_AFTER_ORDERS = Number(process.env.BENCH_KILL_AFTER_ORDERS ?? 0);
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = `confirm_crash_${randomBytes(4).toString('hex')}`;
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${dbName}`;

type Answer = { status: number; json: Record<string, unknown> | null } | { lost: true };
const isLost = (a: Answer): a is { lost: true } => 'lost' in a;

async function call(method: string, path: string, body?: unknown, token?: string): Promise<Answer> {
  try {
    const res = await fetch(`${BASE}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, json: (await res.json().catch(() => null)) as Record<string, unknown> | null };
  } catch {
    return { lost: true };
  }
}

interface Buyer {
  i: number;
  cartId: string;
  key: string;
  email: string;
  /** Where the first run's answer was lost (or what refused it). */
  firstRun: string;
  retry: string;
}

const card = {
  details: { type: 'card', number: '4242424242424242', expMonth: 12, expYear: 2030, cvc: '123' },
  returnUrl: '/de-DE/x',
};

/** Starts the order's card payment and confirms it: where it stopped, or 'paid'. */
async function pay(order: string, token: string): Promise<string> {
  const start = await call('POST', '/v1/payment', { kind: 'full', method: 'card', order }, token);
  if (isLost(start)) return 'lost at payment start';
  if (start.status !== 200) return `payment ${start.status} ${start.json?.code}`;
  if (start.json?.status === 'SUCCEEDED') return 'paid';
  const paid = await call('POST', `/v1/payment/${start.json?._id}/confirm`, card, token);
  if (isLost(paid)) return 'lost at card confirm';
  return paid.json?.status === 'SUCCEEDED' ? 'paid' : `card ${paid.status} ${paid.json?.status ?? paid.json?.code}`;
}

/** A buyer refused as not proven (no key) follows the pay link e-mailed to them, as they would from their mailbox. */
async function payByLink(db: pg.Pool, b: Buyer): Promise<string> {
  const { rows } = await db.query(
    `select text from outbox where "to" = $1 and text like '%?access=%' order by created_at desc limit 1`,
    [b.email],
  );
  const m = /complete-order\/([\w-]+)\?access=([\w.%-]+)/.exec(String(rows[0]?.text ?? ''));
  if (!m) return 'no pay link';
  const session = await call('POST', '/v1/checkout/pay-link', {
    order_id: m[1],
    token: decodeURIComponent(m[2] ?? ''),
  });
  if (isLost(session) || session.status !== 200) return 'pay link refused';
  return `${await pay(m[1] ?? '', session.json?.token as string)} (by the pay link)`;
}

/** Confirm, start the payment, confirm the card: where it stopped, or 'paid'. */
async function checkout(b: Buyer): Promise<string> {
  const confirm = await call('POST', '/v1/checkout', {
    cart_id: b.cartId,
    first_name: 'Buyer',
    last_name: String(b.i),
    email: b.email,
    phone: '+4915123456789',
    address_input: { country: 'DE', line_1: 'Torstraße 1', postal_code: '10119', city: 'Berlin' },
    shipping_method: 'home_delivery',
    language: 'de',
    ...(WITH_KEY ? { confirm_key: b.key } : {}),
  });
  if (isLost(confirm)) return 'lost at confirm';
  if (confirm.status !== 200) return `confirm ${confirm.status} ${confirm.json?.code}`;
  const token = confirm.json?.token as string;
  const order = (confirm.json?.order as { _id: string } | undefined)?._id ?? '';
  return pay(order, token);
}

function tally(values: string[]) {
  const counts = new Map<string, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].map(([k, v]) => `${k}: ${v}`).join(', ');
}

const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
await admin.query(`create database ${dbName}`);
process.env.BENCH_DATABASE_URL = dbUrl.toString();
let server = startServer();
let failed = false;
try {
  await waitReady();
  const buyers: Buyer[] = await Promise.all(
    Array.from({ length: BUYERS + 1 }, async (_, i) => {
      const r = await call('POST', '/v1/cart/add-item?country=DE', {
        productId: 'varg-ex',
        componentIds: ['varg_option_80hp'],
      });
      if (isLost(r) || r.status !== 200) throw new Error(`add-item ${JSON.stringify(r)}`);
      return {
        i,
        cartId: r.json?._id as string,
        key: randomBytes(32).toString('base64url'),
        email: `crash-${i}-${Date.now()}@example.com`,
        firstRun: '',
        retry: '',
      };
    }),
  );

  // One checkout first, so the server is warm as a shop in use is.
  const warm = buyers.pop() as Buyer;
  warm.firstRun = await checkout(warm);
  if (warm.firstRun !== 'paid') throw new Error(`warm-up: ${warm.firstRun}`);

  // All at once; the process dies ~0.6 s in (or, with BENCH_KILL_AFTER_ORDERS, once that many orders are committed:
  // on a loaded machine a fixed time may fall before the first commit or after the last).
  const watch = new pg.Client({ connectionString: dbUrl.toString() });
  await watch.connect();
  // The demo's own orders and the warm-up's are there already.
  const before = Number((await watch.query('select count(*)::int as n from orders')).rows[0]?.n);
  const killed = new Promise<void>((resolve) => {
    const kill = () => {
      server.kill('SIGKILL');
      resolve();
    };
    if (!KILL_AFTER_ORDERS) return void setTimeout(kill, KILL_MS);
    const poll = async () => {
      const { rows } = await watch.query('select count(*)::int as n from orders');
      if (Number(rows[0]?.n) >= before + KILL_AFTER_ORDERS) kill();
      else setTimeout(poll, 20);
    };
    void poll();
  });
  await Promise.all([...buyers.map(async (b) => (b.firstRun = await checkout(b))), killed]);
  await watch.end();
  const when = KILL_AFTER_ORDERS ? `once ${KILL_AFTER_ORDERS} orders were committed` : `after ${KILL_MS} ms`;
  console.log(`first run (${buyers.length} buyers, SIGKILL ${when}): ${tally(buyers.map((b) => b.firstRun))}`);

  const db = new pg.Pool({ connectionString: dbUrl.toString(), max: 4 });
  const carts = buyers.map((b) => b.cartId);
  const committed = await db.query('select count(*)::int as n from orders where cart_id = any($1::uuid[])', [carts]);
  const answered = buyers.filter((b) => !b.firstRun.startsWith('lost at confirm')).length;
  console.log(
    `orders committed before the kill: ${committed.rows[0]?.n}, of which the answer was lost: ${Number(committed.rows[0]?.n) - answered}`,
  );

  server = startServer();
  const restarted = performance.now();
  await waitReady();
  console.log(`restarted in ${((performance.now() - restarted) / 1000).toFixed(1)} s`);
  // Every buyer not paid retries the whole checkout, as a reload or a second click does.
  for (const b of buyers) b.retry = b.firstRun === 'paid' ? 'paid' : '';
  await Promise.all(
    buyers
      .filter((b) => !b.retry)
      .map(async (b) => {
        b.retry = await checkout(b);
        if (b.retry === 'confirm 409 CART_ALREADY_ORDERED') b.retry = await payByLink(db, b);
      }),
  );
  console.log(`retry${WITH_KEY ? '' : ' (without the confirm key)'}: ${tally(buyers.map((b) => b.retry))}`);

  // The invariants, from the database.
  const {
    noOrder,
    twoOrders: doubled,
    unpaid,
    paidTwice,
    paidOnce,
    accountsWithoutOrder,
  } = await checkOrders(db, carts, 'crash-%');
  const links = await db.query("select count(*)::int as n from outbox where text like '%?access=%'");
  console.log(
    `pay links e-mailed: ${links.rows[0]?.n}; buyers ${buyers.length}: paid exactly once ${paidOnce}; without an order ${noOrder}; two orders ${doubled}; ` +
      `order unpaid ${unpaid}; paid twice ${paidTwice}; accounts without an order ${accountsWithoutOrder}`,
  );
  await db.end();
  failed = paidOnce !== buyers.length || doubled > 0 || paidTwice > 0 || accountsWithoutOrder > 0;
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 1000));
  await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
  await admin.end();
}
if (failed) process.exitCode = 1;
