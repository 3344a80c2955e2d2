import { auctionBids, type Db } from '@varg/db';
import { gte, sql } from 'drizzle-orm';

const day = sql<string>`to_char(${auctionBids.createdAt} at time zone 'UTC', 'YYYY-MM-DD')`;

/** The auction's figures of the back office's overview: bids per day. */
export function auctionFigures(db: Db) {
  return {
    async bidsPerDay(since: Date) {
      return db
        .select({ day, count: sql<number>`cast(count(*) as int)` })
        .from(auctionBids)
        .where(gte(auctionBids.createdAt, since))
        .groupBy(day)
        .orderBy(day);
    },
  };
}
export type AuctionFigures = ReturnType<typeof auctionFigures>;
