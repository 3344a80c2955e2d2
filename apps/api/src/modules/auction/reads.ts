// The auction (decision 021): reads of axes and their highest bids, for the live view and its pages.
import { isAxeNumber } from '@varg/domain';
import { ApiError } from '../../lib/api-error.ts';
import { type AuctionContext, AXE_RANGE_MAX, FEATURED_PAGE, initials, WITHOUT_BIDS_PAGE } from './context.ts';
import type { AuctionRow } from './repo.ts';

export function auctionReads({ repo, now, board, auction, view }: AuctionContext) {
  const header = (a: AuctionRow, at: Date) => ({
    serverTime: at.toISOString(),
    currency: a.currency,
    startsAt: a.startsAt.toISOString(),
    endsAt: a.endsAt.toISOString(),
    increment: a.increment,
    reserve: a.reserve,
  });

  function range(from: number, to: number) {
    if (!isAxeNumber(from) || !isAxeNumber(to)) throw new ApiError('AXE_NOT_FOUND');
    if (from > to || to - from + 1 > AXE_RANGE_MAX) throw new ApiError('AXE_RANGE_INVALID', { count: AXE_RANGE_MAX });
  }

  const pageOf = (page: number, limit: number, total: number) => {
    const totalPages = Math.max(1, Math.ceil(total / limit));
    return { totalDocs: total, page, totalPages, hasNextPage: page < totalPages, hasPrevPage: page > 1 };
  };

  async function axe(number: number, callerId: string | null) {
    if (!isAxeNumber(number)) throw new ApiError('AXE_NOT_FOUND');
    const a = await auction();
    const row = await repo.axe(a.id, number);
    if (!row) throw new ApiError('AXE_NOT_FOUND');
    board.remember(a.id, row);
    return view(a, row, callerId, now());
  }

  return {
    /** `GET axes/{a}/{b}`: axes a to b with their highest bids. */
    async range(from: number, to: number, callerId: string | null) {
      range(from, to);
      const a = await auction();
      const at = now();
      const rows = await board.together(`range:${a.id}:${from}:${to}`, () => repo.range(a.id, from, to));
      for (const r of rows) board.remember(a.id, r);
      return { docs: rows.map((r) => view(a, r, callerId, at)), ...header(a, at) };
    },

    /** A cheap version of the live view: it changes whenever any axe changes (the ETag of polling). */
    async version() {
      const a = await auction();
      return `${a.id}:${await repo.lastChange(a.id)}`;
    },

    axe,

    /** `GET axes/bids/highests/{id}`: an axe with its ten highest bids. */
    async highest(number: number, callerId: string | null) {
      const found = await axe(number, callerId);
      const a = await auction();
      const bids = await repo.topBids(a.id, number, 10);
      return {
        axe: found,
        bids: bids.map((b) => ({
          amount: b.amount,
          currency: b.currency,
          at: b.at.toISOString(),
          bidder: initials(b.name, b.secondName),
        })),
      };
    },

    /** `GET axes/bids/featured/{page}`. */
    async featured(page: number, callerId: string | null) {
      const a = await auction();
      const at = now();
      const { rows, total } = await repo.featured(a.id, page, FEATURED_PAGE);
      return {
        docs: rows.map((r) => view(a, r, callerId, at)),
        ...header(a, at),
        ...pageOf(page, FEATURED_PAGE, total),
      };
    },

    /** `GET axes/wo-bids/{a}/{b}/{page}`: axes a to b that have no bid yet. */
    async withoutBids(from: number, to: number, page: number, callerId: string | null) {
      if (!isAxeNumber(from) || !isAxeNumber(to)) throw new ApiError('AXE_NOT_FOUND');
      if (from > to) throw new ApiError('AXE_RANGE_INVALID', { count: AXE_RANGE_MAX });
      const a = await auction();
      const at = now();
      const { rows, total } = await repo.withoutBids(a.id, from, to, page, WITHOUT_BIDS_PAGE);
      return {
        docs: rows.map((r) => view(a, r, callerId, at)),
        ...header(a, at),
        ...pageOf(page, WITHOUT_BIDS_PAGE, total),
      };
    },
  };
}
