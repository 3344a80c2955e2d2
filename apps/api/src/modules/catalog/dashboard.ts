import { type Db, stockBikes } from '@varg/db';
import { sql } from 'drizzle-orm';

/** The catalogue's figures of the back office's overview: stock bikes on offer per market, fewest first. */
export function stockFigures(db: Db) {
  return {
    async availablePerMarket() {
      const available = sql<number>`cast(count(*) filter (where ${stockBikes.status} = 'available') as int)`;
      return db
        .select({ country: stockBikes.country, available })
        .from(stockBikes)
        .groupBy(stockBikes.country)
        .orderBy(available, stockBikes.country);
    },
  };
}
export type StockFigures = ReturnType<typeof stockFigures>;
