import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { auctionAxes, auctionBids, auctions } from '../schema/index.ts';

type Tx = Pick<Db, 'insert' | 'select' | 'update'>;

/**
 * The auction (decision 021), in EUR. Its schedule is relative to the seeding time (decision 026), so the seeded
 * auction is always open: from a day before to 30 days after, ending at 18:00 UTC.
 */
export const DEMO_AUCTION = {
  slug: 'xmas-2026',
  currency: 'EUR',
  reserve: 10_000,
  increment: 1_000,
  extensionWindowSeconds: 300,
  extensionSeconds: 300,
} as const;

/** When the auction seeded at `now` opens and ends. */
export function auctionSchedule(now: Date): { startsAt: Date; endsAt: Date } {
  const day = 86_400_000;
  const endsAt = new Date(now.getTime() + 30 * day);
  endsAt.setUTCHours(18, 0, 0, 0);
  return { startsAt: new Date(now.getTime() - day), endsAt };
}

/** Axes shown first on the page. */
export const FEATURED_AXES = [1, 13, 24, 100, 250, 500, 777, 1000] as const;

/**
 * Bids on a few axes (never on 7, the axe of the walkthrough), oldest first: [axe, bidder e-mail, amount, hour after
 * the opening] (all within the first day, so in the past of the seeding time).
 */
const DEMO_BIDS: ReadonlyArray<readonly [number, string, number, number]> = [
  [1, 'customer@demo.starkfuture.com', 25_000, 2],
  [1, 'company@demo.starkfuture.com', 30_000, 3],
  [24, 'company@demo.starkfuture.com', 12_000, 4],
  [100, 'customer@demo.starkfuture.com', 15_000, 5],
  [500, 'company@demo.starkfuture.com', 10_000, 6],
  [777, 'customer@demo.starkfuture.com', 77_700, 7],
  [42, 'company@demo.starkfuture.com', 11_000, 8],
];

export async function seedAuction(tx: Tx, now: Date) {
  const schedule = auctionSchedule(now);
  await tx
    .insert(auctions)
    .values({ ...DEMO_AUCTION, ...schedule })
    .onConflictDoNothing();
  const [auction] = await tx.select({ id: auctions.id }).from(auctions).where(eq(auctions.slug, DEMO_AUCTION.slug));
  if (!auction) return;
  const featured = new Set<number>(FEATURED_AXES);
  await tx
    .insert(auctionAxes)
    .values(
      Array.from({ length: 1000 }, (_, i) => ({
        auctionId: auction.id,
        number: i + 1,
        featured: featured.has(i + 1),
        endsAt: schedule.endsAt,
      })),
    )
    .onConflictDoNothing();
}

export async function seedAuctionBids(tx: Tx, userIds: Map<string, string>) {
  const [auction] = await tx
    .select({ id: auctions.id, startsAt: auctions.startsAt })
    .from(auctions)
    .where(eq(auctions.slug, DEMO_AUCTION.slug));
  if (!auction) return;
  for (const [number, email, amount, hour] of DEMO_BIDS) {
    const userId = userIds.get(email);
    if (!userId) continue;
    const at = new Date(auction.startsAt.getTime() + hour * 3_600_000);
    const [bid] = await tx
      .insert(auctionBids)
      .values({ auctionId: auction.id, axeNumber: number, userId, amount, currency: 'EUR', createdAt: at })
      .onConflictDoNothing()
      .returning({ id: auctionBids.id });
    if (!bid) continue;
    await tx
      .update(auctionAxes)
      .set({
        highestAmount: amount,
        highestBidderId: userId,
        highestBidId: bid.id,
        highestAt: at,
        bidCount: sql`${auctionAxes.bidCount} + 1`,
        updatedAt: at,
      })
      .where(and(eq(auctionAxes.auctionId, auction.id), eq(auctionAxes.number, number)));
  }
}
