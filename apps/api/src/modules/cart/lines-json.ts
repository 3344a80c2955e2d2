// A cart's rows as JSON built by PostgreSQL (`json_agg`, `to_jsonb`), so that a write or a read brings the cart's
// lines back in the same statement, and those rows again (decision 035, "Add-to-cart at the limit").
import { cartItems, cartStoreItems, type carts } from '@varg/db';
import { getTableColumns, type SQL, sql } from 'drizzle-orm';

export type CartRow = typeof carts.$inferSelect;
export type CartItemRow = typeof cartItems.$inferSelect;
export type CartStoreItemRow = typeof cartStoreItems.$inferSelect;

export interface CartLines {
  items: CartItemRow[];
  storeItems: CartStoreItemRow[];
}

/** JSON of a line as the one-query read (`withLines`) aggregates it; timestamps come back as text. */
export type Json<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] };

/**
 * A cart's lines as two JSON arrays, in the order they were added (as `lines` reads them): subqueries for a select's
 * fields or a write's RETURNING, so the lines come with the row in the same round trip. In a write's RETURNING they
 * are the lines as they were before that statement.
 */
export function linesJson(cartId: SQL) {
  const i = cartItems;
  const s = cartStoreItems;
  return {
    items: sql<Json<CartItemRow>[] | string>`(select coalesce(json_agg(json_build_object('id', ${i.id},
      'cartId', ${i.cartId}, 'productId', ${i.productId}, 'hash', ${i.hash}, 'optionIds', ${i.optionIds},
      'quantity', ${i.quantity}, 'stockBikeId', ${i.stockBikeId}, 'overwritePrice', ${i.overwritePrice},
      'overwriteCurrency', ${i.overwriteCurrency}, 'overwriteHash', ${i.overwriteHash}, 'createdAt', ${i.createdAt})
      order by ${i.createdAt}, ${i.id}), '[]') from ${i} where ${i.cartId} = ${cartId})`,
    storeItems: sql<Json<CartStoreItemRow>[] | string>`(select coalesce(json_agg(json_build_object('id', ${s.id},
      'cartId', ${s.cartId}, 'variantCode', ${s.variantCode}, 'quantity', ${s.quantity}, 'vin', ${s.vin},
      'createdAt', ${s.createdAt}) order by ${s.createdAt}, ${s.id}), '[]') from ${s} where ${s.cartId} = ${cartId})`,
  };
}

/** The lines of `linesJson` as rows (PGlite answers JSON parsed, node-postgres too; text is parsed here). */
export function parseLines(row: {
  items: Json<CartItemRow>[] | string;
  storeItems: Json<CartStoreItemRow>[] | string;
}): CartLines {
  const parsed = <T>(json: T[] | string): T[] => (typeof json === 'string' ? JSON.parse(json) : json);
  return {
    items: parsed(row.items).map((l) => ({ ...l, createdAt: new Date(l.createdAt) })),
    storeItems: parsed(row.storeItems).map((l) => ({ ...l, createdAt: new Date(l.createdAt) })),
  };
}

/**
 * A line an add wrote, with the cart's lines as they were just before (read in the same statement, under the cart's
 * lock: an add answers from them without reading the cart again). Null when nothing was written.
 */
export function written<L>(
  row: (L & { items: Json<CartItemRow>[] | string; storeItems: Json<CartStoreItemRow>[] | string }) | undefined,
): { line: L; before: CartLines } | null {
  if (!row) return null;
  const { items, storeItems, ...line } = row;
  return { line: line as L, before: parseLines({ items, storeItems }) };
}

/** A row of `table` from its `to_jsonb` (database column names; timestamps come back as text). */
export function fromJson<T extends typeof carts | typeof cartItems | typeof cartStoreItems>(
  table: T,
  json: unknown,
): T['$inferSelect'] {
  const values = (typeof json === 'string' ? JSON.parse(json) : json) as Record<string, unknown>;
  const row: Record<string, unknown> = {};
  for (const [key, name, isDate] of columnsOf(table)) {
    const value = values[name] ?? null;
    row[key] = value !== null && isDate ? new Date(value as string) : value;
  }
  return row as T['$inferSelect'];
}

/** Each table's columns as `fromJson` reads them (field, database name, a date?), listed once per process. */
const columnLists = new Map<object, Array<[string, string, boolean]>>();
function columnsOf(table: typeof carts | typeof cartItems | typeof cartStoreItems) {
  let list = columnLists.get(table);
  if (!list) {
    list = Object.entries(getTableColumns(table)).map(([key, column]) => [
      key,
      column.name,
      column.dataType === 'date',
    ]);
    columnLists.set(table, list);
  }
  return list;
}
