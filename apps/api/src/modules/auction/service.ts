// The auction (decision 021): composes the parts, each in its file.
import { auctionBids } from './bids.ts';
import { type AuctionDeps, auctionContext } from './context.ts';
import { auctionReads } from './reads.ts';
import { auctionWinners } from './winners.ts';

export { type AuctionDeps, AXE_RANGE_MAX, FEATURED_PAGE, WITHOUT_BIDS_PAGE } from './context.ts';

/**
 * The numbered-axe auction (spec sections 3, 7 "axes/*"; docs/decisions/021-auction.md): reads of axes and their highest
 * bids, race-free bids, the winners chosen once after each axe's end and e-mailed a signed link, the winner's address
 * once, which makes the order the winning bid is paid through.
 */
export function auctionService(deps: AuctionDeps) {
  const ctx = auctionContext(deps);
  return { ...auctionReads(ctx), ...auctionBids(ctx), ...auctionWinners(ctx) };
}
export type AuctionService = ReturnType<typeof auctionService>;
