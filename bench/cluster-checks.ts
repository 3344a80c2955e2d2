// The cluster bench's checks in the database (bench/cluster.ts): orders and payments of the checkout run, and every
// e-mail of the outbox delivered exactly once to the bench's SMTP sink.
import type pg from 'pg';
import type { Sink } from './smtp-sink.ts';

export interface OrderCheck {
  carts: number;
  paidOnce: number;
  noOrder: number;
  twoOrders: number;
  unpaid: number;
  paidTwice: number;
  accountsWithoutOrder: number;
}

/** One order per cart, one succeeded payment per order covering its total, no account of the run without an order. */
export async function checkOrders(db: pg.Pool, carts: string[], emailLike: string): Promise<OrderCheck> {
  const { rows } = await db.query(
    `select c.id as cart, count(distinct o.id)::int as orders,
            count(p.id) filter (where p.status = 'SUCCEEDED')::int as succeeded,
            coalesce(sum(p.amount) filter (where p.status = 'SUCCEEDED'), 0)::int as paid,
            max(o.total)::int as total
       from carts c left join orders o on o.cart_id = c.id left join payments p on p.order_id = o.id
      where c.id = any($1::uuid[]) group by c.id`,
    [carts],
  );
  const { rows: orphans } = await db.query(
    'select count(*)::int as n from users u where u.email like $1 and not exists (select 1 from orders o where o.user_id = u.id)',
    [emailLike],
  );
  return {
    carts: rows.length,
    paidOnce: rows.filter((r) => r.orders === 1 && r.succeeded === 1 && r.paid === r.total).length,
    noOrder: rows.filter((r) => r.orders === 0).length,
    twoOrders: rows.filter((r) => r.orders > 1).length,
    unpaid: rows.filter((r) => r.orders === 1 && r.succeeded === 0).length,
    paidTwice: rows.filter((r) => r.succeeded > 1).length,
    accountsWithoutOrder: Number(orphans[0]?.n ?? 0),
  };
}

export interface MailCheck {
  /** Outbox rows, sent, dead (the demo seeds two dead ones), still waiting. */
  rows: number;
  sent: number;
  dead: number;
  waiting: number;
  /** Leases of a killed process moved forward to now (as 5 minutes passing would). */
  leasesExpired: number;
  /** Recipients delivered fewer or more times than the outbox has sent rows for them. */
  missing: number;
  doubled: number;
  delivered: number;
}

const address = (to: string) => (/<([^>]+)>/.exec(to)?.[1] ?? to).trim().toLowerCase();

async function waiting(db: pg.Pool): Promise<number> {
  const { rows } = await db.query('select count(*)::int as n from outbox where sent_at is null and dead_at is null');
  return Number(rows[0]?.n ?? 0);
}

/**
 * Waits until the living processes have delivered what they claimed; then moves the lease of every row still waiting
 * (claimed by a process that was killed: its lease is 5 minutes) to now, so the next delivery round (every second
 * here) sends it; waits for those; then compares the outbox with what the sink received, recipient by recipient.
 */
export async function checkMails(db: pg.Pool, sink: Sink, timeoutMs = 90_000): Promise<MailCheck> {
  let last = -1;
  for (let stable = 0; stable < 3; ) {
    const n = await waiting(db);
    stable = n === last ? stable + 1 : 0;
    last = n;
    await new Promise((r) => setTimeout(r, 1000));
  }
  const moved = await db.query(
    'update outbox set next_attempt_at = now() where sent_at is null and dead_at is null and next_attempt_at > now()',
  );
  const until = Date.now() + timeoutMs;
  while ((await waiting(db)) > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 1000));
  // A delivery's SMTP answer comes before its row is marked sent: let the last ones land.
  await new Promise((r) => setTimeout(r, 1500));
  const { rows } = await db.query('select "to", sent_at is not null as sent, dead_at is not null as dead from outbox');
  const expected = new Map<string, number>();
  for (const r of rows) if (r.sent) expected.set(address(r.to), (expected.get(address(r.to)) ?? 0) + 1);
  let missing = 0;
  let doubled = 0;
  for (const to of new Set([...expected.keys(), ...sink.received.keys()])) {
    const want = expected.get(to) ?? 0;
    const got = sink.received.get(to) ?? 0;
    if (got < want) missing += want - got;
    if (got > want) doubled += got - want;
  }
  return {
    rows: rows.length,
    sent: rows.filter((r) => r.sent).length,
    dead: rows.filter((r) => r.dead).length,
    waiting: rows.filter((r) => !r.sent && !r.dead).length,
    leasesExpired: moved.rowCount ?? 0,
    missing,
    doubled,
    delivered: [...sink.received.values()].reduce((s, n) => s + n, 0),
  };
}
