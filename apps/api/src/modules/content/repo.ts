import { type Db, type SiteBanner, siteBanners } from '@varg/db';
import { and, desc, eq, gt, isNull, lte, or, type SQL, sql } from 'drizzle-orm';

export type BannerRow = SiteBanner;
export type BannerWrite = Omit<typeof siteBanners.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** The site banners' table (decision 045). */
export function contentRepo(db: Db) {
  return {
    /** Banners shown at `now`: active, started, not ended. Few rows: the market and language are matched in code. */
    live(now: Date): Promise<BannerRow[]> {
      return db
        .select()
        .from(siteBanners)
        .where(
          and(
            eq(siteBanners.active, true),
            lte(siteBanners.startsAt, now),
            or(isNull(siteBanners.endsAt), gt(siteBanners.endsAt, now)),
          ),
        )
        .orderBy(desc(siteBanners.startsAt), siteBanners.id);
    },
    async list(query: { where?: SQL; limit: number; offset: number; order: SQL[] }) {
      const [rows, [count]] = await Promise.all([
        db
          .select()
          .from(siteBanners)
          .where(query.where)
          .orderBy(...query.order)
          .limit(query.limit)
          .offset(query.offset),
        db.select({ n: sql<number>`cast(count(*) as int)` }).from(siteBanners).where(query.where),
      ]);
      return { rows, total: count?.n ?? 0 };
    },
    async byId(id: string, tx: Db = db): Promise<BannerRow | null> {
      const [row] = await tx.select().from(siteBanners).where(eq(siteBanners.id, id)).for('update');
      return row ?? null;
    },
    async create(values: BannerWrite, tx: Db = db): Promise<BannerRow> {
      const [row] = await tx.insert(siteBanners).values(values).returning();
      if (!row) throw new Error('insert returned nothing');
      return row;
    },
    async update(id: string, values: BannerWrite, tx: Db = db): Promise<BannerRow | null> {
      const [row] = await tx
        .update(siteBanners)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(siteBanners.id, id))
        .returning();
      return row ?? null;
    },
    async remove(id: string, tx: Db = db): Promise<BannerRow | null> {
      const [row] = await tx.delete(siteBanners).where(eq(siteBanners.id, id)).returning();
      return row ?? null;
    },
    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      return db.transaction((tx) => fn(tx as unknown as Db));
    },
  };
}
export type ContentRepo = ReturnType<typeof contentRepo>;
