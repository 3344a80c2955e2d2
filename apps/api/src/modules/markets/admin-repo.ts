import { countries, type Db, languages } from '@varg/db';
import { and, asc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { containsPattern, countAll, orderOf, windowOf } from '../../lib/admin-list.ts';

export type MarketRow = typeof countries.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const SORTABLE = {
  code: countries.code,
  name: countries.name,
  currency: countries.currencyCode,
  status: countries.status,
};

/** The back office's reads and writes of markets (the countries table; decision 043). */
export function marketsAdminRepo(db: Db) {
  return {
    async list(f: {
      q?: string | undefined;
      status?: number | undefined;
      sort?: keyof typeof SORTABLE | undefined;
      dir: 'asc' | 'desc';
      page: number;
      pageSize: number;
    }) {
      const where = and(
        f.q ? or(ilike(countries.code, containsPattern(f.q)), ilike(countries.name, containsPattern(f.q))) : undefined,
        f.status === undefined ? undefined : eq(countries.status, f.status),
      ) as SQL | undefined;
      const { limit, offset } = windowOf(f);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(countries)
          .where(where)
          .orderBy(...orderOf(SORTABLE, { ...f, dir: f.sort ? f.dir : 'asc' }, 'name', countries.code))
          .limit(limit)
          .offset(offset),
        db.select({ n: countAll }).from(countries).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },
    async lock(tx: Tx, code: string) {
      const [row] = await tx.select().from(countries).where(eq(countries.code, code)).for('update');
      return row ?? null;
    },
    async find(code: string) {
      const [row] = await db.select().from(countries).where(eq(countries.code, code)).limit(1);
      return row ?? null;
    },
    update: (tx: Tx, code: string, changes: Partial<MarketRow>) =>
      tx.update(countries).set(changes).where(eq(countries.code, code)),
    languages: () =>
      db
        .select({ code: languages.code, nativeName: languages.nativeName })
        .from(languages)
        .orderBy(asc(languages.nativeName)),
    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),
  };
}
export type MarketsAdminRepo = ReturnType<typeof marketsAdminRepo>;
