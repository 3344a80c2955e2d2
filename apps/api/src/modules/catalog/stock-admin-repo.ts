import { type Db, stockBikePhotos, stockBikes } from '@varg/db';
import { and, asc, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import { containsPattern, countAll, orderOf, windowOf } from '../../lib/admin-list.ts';

export type StockBikeRow = typeof stockBikes.$inferSelect;
export type StockBikePhotoRow = typeof stockBikePhotos.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface StockBikeListFilter {
  q?: string | undefined;
  country?: string | undefined;
  dealerId?: string | undefined;
  status?: string | undefined;
  sort?: 'vin' | 'productId' | 'country' | 'status' | 'updatedAt' | undefined;
  dir: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

const SORTABLE = {
  vin: stockBikes.vin,
  productId: stockBikes.productId,
  country: stockBikes.country,
  status: stockBikes.status,
  updatedAt: stockBikes.updatedAt,
};

/** The back office's reads and writes of stock bikes and their photos (decision 043). */
export function stockAdminRepo(db: Db) {
  return {
    async list(f: StockBikeListFilter) {
      const conditions: (SQL | undefined)[] = [
        f.q
          ? or(
              ilike(stockBikes.vin, containsPattern(f.q)),
              ilike(stockBikes.productId, containsPattern(f.q)),
              ilike(stockBikes.id, containsPattern(f.q)),
            )
          : undefined,
        f.country ? eq(stockBikes.country, f.country) : undefined,
        f.dealerId === 'hq'
          ? isNull(stockBikes.dealerId)
          : f.dealerId
            ? eq(stockBikes.dealerId, f.dealerId)
            : undefined,
        f.status ? eq(stockBikes.status, f.status) : undefined,
      ];
      const where = and(...conditions);
      const { limit, offset } = windowOf(f);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(stockBikes)
          .where(where)
          .orderBy(...orderOf(SORTABLE, f, 'updatedAt', stockBikes.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: countAll }).from(stockBikes).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    async find(id: string, tx: Pick<Db, 'select'> = db) {
      const [row] = await tx.select().from(stockBikes).where(eq(stockBikes.id, id)).limit(1);
      return row ?? null;
    },
    /** The row under its lock, for a change. */
    async lock(tx: Tx, id: string) {
      const [row] = await tx.select().from(stockBikes).where(eq(stockBikes.id, id)).for('update');
      return row ?? null;
    },
    async byVin(vin: string) {
      const [row] = await db.select({ id: stockBikes.id }).from(stockBikes).where(eq(stockBikes.vin, vin)).limit(1);
      return row ?? null;
    },
    /**
     * The next free id (`SB` and a running number, as the seeded bikes). Creations take turns on a transaction-scoped
     * advisory lock, so two at once never pick the same number.
     */
    async nextId(tx: Tx) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('stock_bikes.id'))`);
      const [row] = await tx
        .select({ n: sql<number>`coalesce(max(cast(substring(${stockBikes.id} from 3) as int)), 0)`.mapWith(Number) })
        .from(stockBikes)
        .where(sql`${stockBikes.id} ~ '^SB[0-9]{1,9}$'`);
      return `SB${String((row?.n ?? 0) + 1).padStart(4, '0')}`;
    },
    async nextSort(tx: Tx) {
      const [row] = await tx
        .select({ n: sql<number>`coalesce(max(${stockBikes.sort}), 0)`.mapWith(Number) })
        .from(stockBikes);
      return (row?.n ?? 0) + 1;
    },
    insert: (tx: Tx, row: typeof stockBikes.$inferInsert) => tx.insert(stockBikes).values(row),
    update: (tx: Tx, id: string, changes: Partial<typeof stockBikes.$inferInsert>) =>
      tx.update(stockBikes).set(changes).where(eq(stockBikes.id, id)),
    photos(stockBikeId: string, tx: Pick<Db, 'select'> = db) {
      return tx
        .select()
        .from(stockBikePhotos)
        .where(eq(stockBikePhotos.stockBikeId, stockBikeId))
        .orderBy(asc(stockBikePhotos.sort), asc(stockBikePhotos.createdAt));
    },
    async photo(stockBikeId: string, photoId: string) {
      const [row] = await db
        .select()
        .from(stockBikePhotos)
        .where(and(eq(stockBikePhotos.stockBikeId, stockBikeId), eq(stockBikePhotos.id, photoId)))
        .limit(1);
      return row ?? null;
    },
    insertPhoto: (tx: Tx, row: typeof stockBikePhotos.$inferInsert) => tx.insert(stockBikePhotos).values(row),
    deletePhoto: (tx: Tx, id: string) => tx.delete(stockBikePhotos).where(eq(stockBikePhotos.id, id)),
    sortPhoto: (tx: Tx, id: string, sort: number) =>
      tx.update(stockBikePhotos).set({ sort }).where(eq(stockBikePhotos.id, id)),
    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),
  };
}
export type StockAdminRepo = ReturnType<typeof stockAdminRepo>;
export type { Tx as StockTx };
