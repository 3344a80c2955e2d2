// The auction (decision 021): race-free bids, decided one after another per axe against this process's last view.
import {
  type BidRefusal,
  bidRefusal,
  extendedEnd,
  formatMoney,
  isAxeNumber,
  minimumBid,
  type UiLanguage,
} from '@varg/domain';
import { ApiError } from '../../lib/api-error.ts';
import { type AuctionContext, rulesOf } from './context.ts';
import type { AxeRow, AxeWithBidder } from './repo.ts';

export function auctionBids({ deps, repo, now, board, auction, view }: AuctionContext) {
  return {
    /**
     * `POST axes/bid/{id}`: bids on one axe are decided one after another in this process (a queue per axe), against
     * this process's last view of the axe (`axeBoard`): a bid that does not beat that view's highest by the increment
     * is refused at once (BID_TOO_LOW; the highest only grows, so it is lower than the stored one too); any other
     * bid goes to the database's compare-and-set, which accepts it only if the axe is still as decided and otherwise
     * reads it again (another process bid, or its end moved). So of concurrent bids each one sees the one committed
     * before it, and a rush on one axe costs one statement per accepted bid.
     */
    async bid(userId: string, number: number, amount: number, lang: UiLanguage = 'en-us') {
      if (!isAxeNumber(number)) throw new ApiError('AXE_NOT_FOUND');
      const a = await auction();
      const rules = rulesOf(a);
      const at = now();
      const refusalOf = (axe: AxeRow): BidRefusal | null =>
        axe.closedAt
          ? 'AUCTION_ENDED'
          : bidRefusal(
              {
                number,
                startsAt: a.startsAt,
                endsAt: axe.endsAt,
                highest: axe.highestAmount,
                highestBidderId: axe.highestBidderId,
              },
              { amount, bidderId: userId, at },
              rules,
            );
      const refuse = (code: BidRefusal, axe: AxeRow) =>
        code === 'BID_TOO_LOW'
          ? new ApiError(code, {
              minimum: formatMoney(
                { amount: minimumBid(axe.highestAmount, rules), currency: a.currency },
                lang === 'en-us' ? 'en-US' : lang,
              ),
            })
          : new ApiError(code);
      return board.oneAtATime(number, async () => {
        const known = board.get(a.id, number);
        const early = known ? refusalOf(known) : null;
        // Only "too low" holds against an older view; an end or a highest bidder seen there is asked of the database.
        if (known && early === 'BID_TOO_LOW') throw refuse(early, known);
        const result = await repo.placeBid(
          a.id,
          number,
          { userId, amount, currency: a.currency, at },
          (axe) => {
            const refusal = refusalOf(axe);
            return refusal ? { refuse: refusal } : { endsAt: extendedEnd(axe.endsAt, at, rules) };
          },
          known && early === null ? known : undefined,
        );
        if (!result) throw new ApiError('AXE_NOT_FOUND');
        if ('refused' in result) {
          board.remember(a.id, result.axe);
          throw refuse(result.refused as BidRefusal, result.axe);
        }
        const after: AxeWithBidder = {
          ...result.before,
          highestAmount: amount,
          highestBidderId: userId,
          highestBidId: result.bidId,
          highestAt: at,
          endsAt: result.endsAt,
          bidCount: result.before.bidCount + 1,
          updatedAt: at,
          bidderName: result.bidder.name,
          bidderSecondName: result.bidder.secondName,
        };
        board.remember(a.id, after);
        deps.feed?.publish(view(a, after, null, at));
        return {
          bid: { _id: result.bidId, amount, currency: a.currency, at: at.toISOString() },
          axe: view(a, after, userId, at),
          extended: result.endsAt.getTime() !== result.before.endsAt.getTime(),
        };
      });
    },
  };
}
