import { cartItems, cartStoreItems, carts, type Db } from '@varg/db';
import { CART_MAX_QUANTITY } from '@varg/domain';
import { and, asc, count, eq, getTableColumns, isNotNull, isNull, type SQL, sql, sum } from 'drizzle-orm';
import { coalescer, recountSql } from './add-line.ts';
import {
  type CartItemRow,
  type CartLines,
  type CartRow,
  type CartStoreItemRow,
  fromJson,
  linesJson,
  parseLines,
  written,
} from './lines-json.ts';

export type { CartItemRow, CartLines, CartRow, CartStoreItemRow };

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** A new line's quantity added to the one already there, capped (CART_MAX_QUANTITY). */
const addedQuantity = (column: typeof cartItems.quantity | typeof cartStoreItems.quantity) =>
  sql`least(${column} + excluded.quantity, ${sql.raw(String(CART_MAX_QUANTITY))})`;

/**
 * Writes inside one transaction. Every change to a cart first takes its row (`UPDATE … RETURNING`, which also locks
 * it until commit), so the checks made next (an extended warranty and bikes do not mix) hold while the lines change.
 */
function writer(tx: Tx) {
  async function clearDealerPrices(cartId: string) {
    await tx
      .update(cartItems)
      .set({ overwritePrice: null, overwriteCurrency: null, overwriteHash: null })
      .where(and(eq(cartItems.cartId, cartId), isNotNull(cartItems.overwritePrice)));
  }
  return {
    /**
     * Takes an open cart (touching updated_at, and changing its country when given); null when it is not open. A cart
     * that moves to another market loses its dealer prices: they were set for the old market (decision 027).
     */
    async lockOpen(id: string, country?: string) {
      // One statement: the subquery locks the row (and reads its latest country), the update touches it.
      const before = tx
        .select({ id: carts.id, before: sql<string>`${carts.country}`.as('before') })
        .from(carts)
        .where(and(eq(carts.id, id), eq(carts.status, 'open')))
        .for('update')
        .as('before');
      const [row] = await tx
        .update(carts)
        .set({ updatedAt: new Date(), ...(country ? { country } : {}) })
        .from(before)
        .where(eq(carts.id, before.id))
        .returning({ ...getTableColumns(carts), before: before.before });
      if (!row) return null;
      const { before: country0, ...cart } = row;
      if (country && country0 !== country) await clearDealerPrices(cart.id);
      return cart;
    },
    /** Drops the dealer prices of a cart's bikes: they were set in the market (and currency) the cart was in. */
    clearDealerPrices,
    /** Sets (or drops, with null) a line's dealer price, with what it was set for. */
    async setDealerPrice(itemId: string, price: { amount: number; currency: string; hash: string } | null) {
      await tx
        .update(cartItems)
        .set({
          overwritePrice: price?.amount ?? null,
          overwriteCurrency: price?.currency ?? null,
          overwriteHash: price?.hash ?? null,
        })
        .where(eq(cartItems.id, itemId));
    },
    async create(values: { country: string; customerType: string; userId?: string | null }) {
      const [row] = await tx.insert(carts).values(values).returning();
      if (!row) throw new Error('cart not created');
      return row;
    },
    /**
     * The user's open cart, created on first use (one open cart per user: a partial unique index), moved to `country`
     * when given (dropping its dealer prices when that is another market, as `lockOpen`).
     */
    async openForUser(userId: string, init: { country: string; customerType: string }, country?: string) {
      await tx
        .insert(carts)
        .values({ userId, ...init })
        .onConflictDoNothing();
      const [before] = await tx
        .select({ id: carts.id, country: carts.country })
        .from(carts)
        .where(and(eq(carts.userId, userId), eq(carts.status, 'open')))
        .for('update');
      if (!before) throw new Error('open cart not found');
      const [row] = await tx
        .update(carts)
        .set({ updatedAt: new Date(), ...(country ? { country } : {}) })
        .where(eq(carts.id, before.id))
        .returning();
      if (!row) throw new Error('open cart not found');
      if (country && before.country !== country) await clearDealerPrices(row.id);
      return row;
    },
    /** What the mixing rule reads of a cart: how many bike lines it holds, and its store lines' variant codes. */
    async contents(cartId: string) {
      const [bikes] = await tx.select({ n: count() }).from(cartItems).where(eq(cartItems.cartId, cartId));
      const storeLines = await tx
        .select({ variantCode: cartStoreItems.variantCode })
        .from(cartStoreItems)
        .where(eq(cartStoreItems.cartId, cartId));
      return { bikes: bikes?.n ?? 0, storeCodes: storeLines.map((l) => l.variantCode) };
    },
    /** A configuration: a new line, or more of the line with the same hash, in one atomic statement. */
    async upsertBike(line: {
      cartId: string;
      productId: string;
      hash: string;
      optionIds: string[];
      quantity: number;
      overwritePrice?: number | null | undefined;
      overwriteCurrency?: string | null | undefined;
    }) {
      // A dealer's price is stored with the currency and configuration it was set for (decision 027).
      const dealerPrice =
        line.overwritePrice != null && line.overwriteCurrency
          ? { overwritePrice: line.overwritePrice, overwriteCurrency: line.overwriteCurrency, overwriteHash: line.hash }
          : { overwritePrice: null, overwriteCurrency: null, overwriteHash: null };
      const { overwriteCurrency: _, ...values } = line;
      const [row] = await tx
        .insert(cartItems)
        .values({ ...values, ...dealerPrice })
        .onConflictDoUpdate({
          target: [cartItems.cartId, cartItems.hash],
          targetWhere: isNull(cartItems.stockBikeId),
          set: {
            quantity: addedQuantity(cartItems.quantity),
            overwritePrice: sql`coalesce(excluded.overwrite_price, ${cartItems.overwritePrice})`,
            overwriteCurrency: sql`case when excluded.overwrite_price is null then ${cartItems.overwriteCurrency} else excluded.overwrite_currency end`,
            overwriteHash: sql`case when excluded.overwrite_price is null then ${cartItems.overwriteHash} else excluded.overwrite_hash end`,
          },
        })
        .returning({ ...getTableColumns(cartItems), ...linesJson(sql`${line.cartId}`) });
      return written(row);
    },
    /** A bike in stock: one line of quantity 1; adding it again changes nothing. */
    async insertStockBike(line: {
      cartId: string;
      productId: string;
      hash: string;
      optionIds: string[];
      stockBikeId: string;
      overwritePrice?: number | null;
      overwriteCurrency?: string | null;
    }) {
      const dealerPrice =
        line.overwritePrice != null && line.overwriteCurrency
          ? { overwritePrice: line.overwritePrice, overwriteCurrency: line.overwriteCurrency, overwriteHash: line.hash }
          : { overwritePrice: null, overwriteCurrency: null, overwriteHash: null };
      const [row] = await tx
        .insert(cartItems)
        .values({ ...line, ...dealerPrice, quantity: 1 })
        .onConflictDoNothing({
          target: [cartItems.cartId, cartItems.stockBikeId],
          where: isNotNull(cartItems.stockBikeId),
        })
        .returning({ ...getTableColumns(cartItems), ...linesJson(sql`${line.cartId}`) });
      return written(row);
    },
    /** A variant (for a VIN or none): a new line, or more of the same line, in one atomic statement. */
    async upsertStore(line: { cartId: string; variantCode: string; vin: string; quantity: number }) {
      const [row] = await tx
        .insert(cartStoreItems)
        .values(line)
        .onConflictDoUpdate({
          target: [cartStoreItems.cartId, cartStoreItems.variantCode, cartStoreItems.vin],
          set: { quantity: addedQuantity(cartStoreItems.quantity) },
        })
        .returning({ ...getTableColumns(cartStoreItems), ...linesJson(sql`${line.cartId}`) });
      return written(row);
    },
    async setItemQuantity(cartId: string, itemId: string, quantity: SQL) {
      const [row] = await tx
        .update(cartItems)
        .set({ quantity })
        .where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cartId), isNull(cartItems.stockBikeId)))
        .returning();
      return row ?? null;
    },
    async setStoreQuantity(cartId: string, id: string, quantity: SQL) {
      const [row] = await tx
        .update(cartStoreItems)
        .set({ quantity })
        .where(and(eq(cartStoreItems.id, id), eq(cartStoreItems.cartId, cartId)))
        .returning();
      return row ?? null;
    },
    async removeItem(cartId: string, itemId: string) {
      const [row] = await tx
        .delete(cartItems)
        .where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cartId)))
        .returning();
      return row ?? null;
    },
    async removeStoreItem(cartId: string, id: string) {
      const [row] = await tx
        .delete(cartStoreItems)
        .where(and(eq(cartStoreItems.id, id), eq(cartStoreItems.cartId, cartId)))
        .returning();
      return row ?? null;
    },
    async clear(cartId: string) {
      await tx.delete(cartItems).where(eq(cartItems.cartId, cartId));
      await tx.delete(cartStoreItems).where(eq(cartStoreItems.cartId, cartId));
    },
    /**
     * Sets the cart's counts (`bike_lines`, `warranty_lines`: what the mixing rule reads) from its lines, after a
     * change of its lines under its lock; `addLine` keeps them itself.
     */
    async recount(cartId: string) {
      await tx.execute(recountSql(cartId));
    },
    /** Marks an open anonymous cart merged; null when it is not one (already merged, ordered, or a user's). */
    async markMerged(id: string) {
      const [row] = await tx
        .update(carts)
        .set({ status: 'merged', updatedAt: new Date() })
        .where(and(eq(carts.id, id), eq(carts.status, 'open'), isNull(carts.userId)))
        .returning();
      return row ?? null;
    },
    lines: (cartId: string) => lines(tx, cartId),
    withLines: (cartId: string) => withLines(tx, cartId),
    /** Inside the transaction: PGlite has one connection, so a query outside it would wait for it forever. */
    item: (cartId: string, itemId: string) => item(tx, cartId, itemId),
  };
}
export type CartWriter = ReturnType<typeof writer>;

async function lines(db: Db | Tx, cartId: string) {
  // One after the other: inside a transaction both run on its one connection anyway.
  const items = await db
    .select()
    .from(cartItems)
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  const storeItems = await db
    .select()
    .from(cartStoreItems)
    .where(eq(cartStoreItems.cartId, cartId))
    .orderBy(asc(cartStoreItems.createdAt), asc(cartStoreItems.id));
  return { items, storeItems };
}

/**
 * A cart and its lines in one query (one round trip: the read a cart answer needs), the cart's id a placeholder:
 * built once per database as a named prepared statement (`cartRepo`), so a read sends neither the query's text nor
 * has PostgreSQL parse it again.
 */
function withLinesQuery(db: Db | Tx) {
  // Qualified by hand: in a select's fields drizzle writes a column without its table, and inside the subqueries a
  // bare "id" would be the line's.
  return db
    .select({ cart: carts, ...linesJson(sql`${carts}.${sql.identifier('id')}`) })
    .from(carts)
    .where(eq(carts.id, sql.placeholder('id')))
    .limit(1);
}

type WithLinesRow = Awaited<ReturnType<ReturnType<typeof withLinesQuery>['execute']>>[number];
const cartWithLines = (row: WithLinesRow | undefined): (CartLines & { cart: CartRow }) | null =>
  row ? { cart: row.cart, ...parseLines(row) } : null;

async function withLines(db: Db | Tx, cartId: string) {
  const [row] = await withLinesQuery(db).execute({ id: cartId });
  return cartWithLines(row);
}

async function item(db: Db | Tx, cartId: string, itemId: string) {
  const [row] = await db
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.id, itemId), eq(cartItems.cartId, cartId)))
    .limit(1);
  return row ?? null;
}

export function cartRepo(db: Db) {
  const readWithLines = withLinesQuery(db).prepare('cart_with_lines');
  // A signed-in user's open cart: the header's count asks it on every signed-in page render (decision 069).
  const readOpenCartOf = db
    .select()
    .from(carts)
    .where(and(eq(carts.userId, sql.placeholder('userId')), eq(carts.status, 'open')))
    .limit(1)
    .prepare('open_cart_of');
  return {
    /**
     * A new anonymous cart with its first bike line, in one statement (one round trip, atomic by itself): the common
     * first "Add to cart". Nothing to lock or check: nobody else knows the cart yet and it has no other line.
     */
    async createWithBike(
      cart: { country: string; customerType: string },
      line: { productId: string; hash: string; optionIds: string[]; quantity: number },
    ): Promise<{ cart: CartRow; line: CartItemRow }> {
      const result = await db.execute(sql`
        with c as (
          insert into ${carts} (country, customer_type, bike_lines)
            values (${cart.country}, ${cart.customerType}, 1) returning *
        ), i as (
          insert into ${cartItems} (cart_id, product_id, hash, option_ids, quantity)
          select c.id, ${line.productId}, ${line.hash},
                 array(select json_array_elements_text(${JSON.stringify(line.optionIds)}::json)), ${line.quantity}
            from c
          returning *
        )
        select (select to_jsonb(c) from c) as cart, (select to_jsonb(i) from i) as line`);
      const [row] = (result as unknown as { rows: Array<{ cart: unknown; line: unknown }> }).rows;
      if (!row?.cart || !row.line) throw new Error('cart not created');
      return { cart: fromJson(carts, row.cart), line: fromJson(cartItems, row.line) };
    },
    /**
     * Open carts of a market with something in them, changed in the last `days` (a currency change would re-price
     * them under their buyers; decision 043).
     */
    async openCartsIn(country: string, days: number) {
      const recent = sql`${carts.updatedAt} > now() - make_interval(days => ${days})`;
      const filled = sql`(exists (select 1 from ${cartItems} where ${cartItems.cartId} = ${carts.id}) or exists (select 1 from ${cartStoreItems} where ${cartStoreItems.cartId} = ${carts.id}))`;
      const [row] = await db
        .select({ n: count() })
        .from(carts)
        .where(and(eq(carts.country, country), eq(carts.status, 'open'), recent, filled));
      return row?.n ?? 0;
    },
    async find(id: string) {
      const [row] = await db.select().from(carts).where(eq(carts.id, id)).limit(1);
      return row ?? null;
    },
    async openCartOf(userId: string) {
      const [row] = await readOpenCartOf.execute({ userId });
      return row ?? null;
    },
    lines: (cartId: string) => lines(db, cartId),
    withLines: async (cartId: string) => cartWithLines((await readWithLines.execute({ id: cartId }))[0]),
    item: (cartId: string, itemId: string) => item(db, cartId, itemId),
    /** Lines and units per kind, without pricing anything (the header's count). */
    async counts(cartId: string) {
      const [[bikes], [store]] = await Promise.all([
        db
          .select({ lines: count(), units: sum(cartItems.quantity).mapWith(Number) })
          .from(cartItems)
          .where(eq(cartItems.cartId, cartId)),
        db
          .select({ lines: count(), units: sum(cartStoreItems.quantity).mapWith(Number) })
          .from(cartStoreItems)
          .where(eq(cartStoreItems.cartId, cartId)),
      ]);
      return {
        bikes: { lines: bikes?.lines ?? 0, units: bikes?.units ?? 0 },
        store: { lines: store?.lines ?? 0, units: store?.units ?? 0 },
      };
    },
    /**
     * An add to an existing cart in one statement, concurrent adds of the same bike coalesced; null when it takes the
     * transaction path (`add-line.ts`).
     */
    addLine: coalescer(db),
    /** Runs `fn` in one transaction: all of its changes, or none. */
    write<T>(fn: (w: CartWriter) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(writer(tx)));
    },
  };
}
export type CartRepo = ReturnType<typeof cartRepo>;
