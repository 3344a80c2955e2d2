// An add to an existing cart in one statement (decision 035, "Add-to-cart at the limit"): PostgreSQL takes the cart's
// lock, checks who may add and the mixing rule on the cart row, writes the line and keeps the row's counts, all in one
// round trip, so the lock is held for that statement only and never across round trips.
import { cartItems, cartStoreItems, carts, type Db } from '@varg/db';
import { CART_MAX_QUANTITY, type CartJoinKind } from '@varg/domain';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import {
  type CartItemRow,
  type CartLines,
  type CartRow,
  type CartStoreItemRow,
  fromJson,
  linesJson,
  parseLines,
} from './lines-json.ts';

/**
 * The variant codes of extended warranties, as a subquery: what `carts.warranty_lines` counts (the same join as the
 * store's `variantCodesOfKind('extended_warranty')`; migration 0041 backfills the counts with it too).
 */
export const warrantyVariantCodes = sql`(select v.variant_code from store_variants v
  join store_articles a on a.id = v.article_id
  join store_groups g on g.slug = a.group_slug
  join store_categories k on k.slug = g.category_slug
  where k.kind = 'extended_warranty')`;

/** Sets a cart's counts from its lines: after a change made under the cart's lock by the transaction that holds it. */
export const recountSql = (cartId: string) => sql`update ${carts} set
  bike_lines = (select count(*) from ${cartItems} where cart_id = ${cartId}),
  warranty_lines = (select count(*) from ${cartStoreItems} s
    where s.cart_id = ${cartId} and s.variant_code in ${warrantyVariantCodes})
  where id = ${cartId}`;

/** Which cart: one by id, or the caller's open cart. */
export type AddTarget = { cartId: string } | { ownerId: string };

/** What an add may write when the cart is open, the caller's or anonymous, in `country`, and the rule lets it join. */
export type NewLine =
  | { kind: 'bike'; productId: string; hash: string; optionIds: string[]; quantity: number }
  | { kind: 'stock_bike'; productId: string; hash: string; optionIds: string[]; stockBikeId: string }
  | { kind: 'store' | 'warranty'; variantCode: string; vin: string; quantity: number };

const MAX = sql.raw(String(CART_MAX_QUANTITY));
const textArray = (values: string[]) => sql`array(select json_array_elements_text(${JSON.stringify(values)}::json))`;

/**
 * The insert of a line from the checked cart (`ok`), returning it and whether it is new (`xmax = 0`). A configured
 * bike's reads `p` (`priorOf`) too, so that `p` has locked and read the line before the insert changes it.
 */
function insertOf(line: NewLine): SQL {
  switch (line.kind) {
    case 'bike':
      return sql`insert into ${cartItems} (cart_id, product_id, hash, option_ids, quantity)
        select ok.id, ${line.productId}, ${line.hash}, ${textArray(line.optionIds)}, ${line.quantity}
        from ok left join p on true
        on conflict (cart_id, hash) where stock_bike_id is null
          do update set quantity = least(${cartItems}.quantity + excluded.quantity, ${MAX})
        returning *, (xmax = 0) as inserted`;
    case 'stock_bike':
      return sql`insert into ${cartItems} (cart_id, product_id, hash, option_ids, quantity, stock_bike_id)
        select ok.id, ${line.productId}, ${line.hash}, ${textArray(line.optionIds)}, 1, ${line.stockBikeId} from ok
        on conflict (cart_id, stock_bike_id) where stock_bike_id is not null do nothing
        returning *, true as inserted`;
    default:
      return sql`insert into ${cartStoreItems} (cart_id, variant_code, vin, quantity)
        select ok.id, ${line.variantCode}, ${line.vin}, ${line.quantity} from ok
        on conflict (cart_id, variant_code, vin)
          do update set quantity = least(${cartStoreItems}.quantity + excluded.quantity, ${MAX})
        returning *, (xmax = 0) as inserted`;
  }
}

/**
 * A fragment without parameters rendered to its text once per process: drizzle would otherwise walk its chunks and
 * quote its columns again on every add (decision 035, "Session 14").
 */
function once(fragment: SQL): SQL {
  const { sql: text, params } = new PgDialect().sqlToQuery(fragment);
  if (params.length) throw new Error('once: a fragment with parameters');
  return sql.raw(text);
}

/** The checked cart's lines as they were before the add (`linesJson` of `ok`). */
const okLines = linesJson(sql`(select id from ok)`);
const OK_ITEMS = once(okLines.items);
const OK_STORE_ITEMS = once(okLines.storeItems);

/** The mixing rule (`canJoinCart`) on the locked cart row's counts. */
const ruleOf = (kind: CartJoinKind): SQL =>
  kind === 'warranty' ? sql`c.bike_lines = 0` : kind === 'store' ? sql`true` : sql`c.warranty_lines = 0`;

/** The count a new line of this kind adds to. */
const countOf = (kind: CartJoinKind): SQL | null =>
  kind === 'warranty' ? sql`warranty_lines` : kind === 'store' ? null : sql`bike_lines`;

/** The configured bike line's quantity before the add, read under the cart's lock (what a coalesced add answers from). */
const priorOf = (line: NewLine): SQL =>
  line.kind === 'bike'
    ? sql`p as (select quantity from ${cartItems}
        where cart_id = (select id from ok) and hash = ${line.hash} and stock_bike_id is null for update),`
    : sql``;

/** What `addLine` answers: the cart row, the line as written, the other lines, and a bike line's quantity before. */
export interface Added {
  cart: CartRow;
  line: CartItemRow | CartStoreItemRow | null;
  before: CartLines;
  /** The configured bike line's quantity just before this statement (null: no such line, or not a bike). */
  prior: number | null;
}

/**
 * Adds a line to an open cart in one statement: `c` locks the cart row (`FOR UPDATE` waits for another add and then
 * reads the row as that add left it), `ok` is that row when the caller may add there (open; anonymous or the
 * caller's; already in `country`; the mixing rule holds on its counts), the insert writes from `ok`, and the update
 * touches the row and counts a new line. Null when `ok` is empty: the caller takes the transaction path, which moves
 * the cart, creates one, or answers why not (404, 403, CART-ERROR-003).
 *
 * `times` adds of the same line at once (a configured bike only, `coalescer`): the quantity written is `times` × the
 * line's, and `p` reads the line's quantity before, locked after the cart (every writer of a cart's lines holds the
 * cart's lock, so nothing changes it meanwhile), so that each of the coalesced adds can be told its own quantity.
 *
 * The lines come back as the statement's snapshot saw them (taken before the lock wait) with the written line as it
 * is after the write: exact for the line this add wrote, while a different line that another add wrote in the same
 * instant shows in the next read only.
 */
export async function addLine(
  db: Db,
  target: AddTarget,
  who: { callerId: string | null; country: string },
  line: NewLine,
  times = 1,
): Promise<Added | null> {
  if (times !== 1 && line.kind !== 'bike') throw new Error('addLine: only a configured bike is added several times');
  const which = 'cartId' in target ? sql`id = ${target.cartId}` : sql`user_id = ${target.ownerId} and status = 'open'`;
  const counted = countOf(line.kind);
  const count = counted ? sql`, ${counted} = ${counted} + (select count(*) from l where l.inserted)::int` : sql``;
  const written = line.kind === 'bike' && times !== 1 ? { ...line, quantity: line.quantity * times } : line;
  const result = await db.execute(sql`
    with c as (select * from ${carts} where ${which} for update),
    ok as (
      select c.id from c
      where c.status = 'open' and (c.user_id is null or c.user_id = ${who.callerId}::uuid)
        and c.country = ${who.country} and ${ruleOf(line.kind)}
    ),
    ${priorOf(line)}
    l as (${insertOf(written)}),
    u as (update ${carts} set updated_at = now()${count} where id = (select id from ok) returning *)
    select (select to_jsonb(u) from u) as cart, (select to_jsonb(l) from l) as line,
      ${OK_ITEMS} as items, ${OK_STORE_ITEMS} as "storeItems"${line.kind === 'bike' ? sql`, (select quantity from p) as prior` : sql``}`);
  const [row] = (
    result as unknown as {
      rows: Array<{ cart: unknown; line: unknown; items: never; storeItems: never; prior?: number | null }>;
    }
  ).rows;
  if (!row?.cart) return null;
  const table = line.kind === 'store' || line.kind === 'warranty' ? cartStoreItems : cartItems;
  return {
    cart: fromJson(carts, row.cart),
    line: row.line ? fromJson(table, row.line) : null,
    before: parseLines({ items: row.items, storeItems: row.storeItems }),
    prior: row.prior ?? null,
  };
}

/** A pending add's callbacks. */
interface Waiter {
  resolve: (added: Added | null) => void;
  reject: (error: unknown) => void;
}

/**
 * Concurrent adds of the same configured bike to the same cart by the same caller in the same country, coalesced
 * (decision 035, "Session 15"): while one statement for them is in flight, the next adds wait in this process instead
 * of queueing on the cart row's lock in PostgreSQL, and go together in the next statement (`addLine` with `times`).
 * Every add still answers its own quantity: the i-th of a statement's n adds answers the line's quantity before the
 * statement plus i × the line's quantity, capped, as if they had run one after another in that order. A statement that
 * writes nothing (null: the transaction path) or fails answers every add of it the same, and each takes its own path
 * from there, as it would alone. Other lines (stock bikes, store items) go one statement each, as before.
 */
export function coalescer(db: Db) {
  const queues = new Map<string, Waiter[]>();

  async function drain(key: string, first: Waiter, target: AddTarget, who: AddWho, line: NewLine & { kind: 'bike' }) {
    let batch = [first];
    while (batch.length) {
      try {
        const added = await addLine(db, target, who, line, batch.length);
        batch.forEach((waiter, index) => {
          waiter.resolve(added && (batch.length === 1 ? added : nth(added, line.quantity, index + 1, batch.length)));
        });
      } catch (error) {
        for (const waiter of batch) waiter.reject(error);
      }
      batch = (queues.get(key) as Waiter[]).splice(0);
    }
    queues.delete(key);
  }

  return function add(target: AddTarget, who: AddWho, line: NewLine): Promise<Added | null> {
    if (line.kind !== 'bike') return addLine(db, target, who, line);
    const key = [
      'cartId' in target ? `c${target.cartId}` : `o${target.ownerId}`,
      who.callerId,
      who.country,
      line.productId,
      line.hash,
      line.optionIds.join(','),
      line.quantity,
    ].join('|');
    return new Promise((resolve, reject) => {
      const waiting = queues.get(key);
      if (waiting) waiting.push({ resolve, reject });
      else {
        queues.set(key, []);
        void drain(key, { resolve, reject }, target, who, line);
      }
    });
  };
}

type AddWho = { callerId: string | null; country: string };

/**
 * The answer of the `i`-th (from 1) of a statement's `n` coalesced adds: the line as it was after that add. Without a
 * prior quantity (a new line, or one another process inserted after this statement's snapshot) it is what the
 * statement wrote less its `n` adds (exact unless capped).
 */
function nth(added: Added, quantity: number, i: number, n: number): Added {
  const line = added.line as CartItemRow | null;
  const prior = added.prior ?? Math.max((line?.quantity ?? 0) - n * quantity, 0);
  return {
    cart: added.cart,
    line: line && { ...line, quantity: Math.min(prior + i * quantity, CART_MAX_QUANTITY) },
    before: { items: [...added.before.items], storeItems: [...added.before.storeItems] },
    prior: added.prior,
  };
}
