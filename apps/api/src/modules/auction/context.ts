// The auction (decision 021): what every part shares — its dependencies, the running auction, an axe as answered.
import type { Axe } from '@varg/contracts';
import { type AuctionRules, minimumBid } from '@varg/domain';
import { ApiError } from '../../lib/api-error.ts';
import { readCache } from '../../lib/read-cache.ts';
import type { EmailProvider } from '../../providers/email/interface.ts';
import { axeBoard } from './board.ts';
import type { AxeFeed } from './live.ts';
import type { AuctionRepo, AuctionRow, AxeRow, AxeWithBidder } from './repo.ts';

/** At most this many axes in one `GET axes/{a}/{b}`. */
export const AXE_RANGE_MAX = 100;
export const WITHOUT_BIDS_PAGE = 24;
export const FEATURED_PAGE = 12;

export const initials = (name: string | null, secondName: string | null) =>
  [name, secondName]
    .filter((s): s is string => Boolean(s?.trim()))
    .map((s) => `${s.trim().charAt(0).toUpperCase()}.`)
    .join(' ') || '—';

export const rulesOf = (a: AuctionRow): AuctionRules => ({
  reserve: a.reserve,
  increment: a.increment,
  extensionWindowMs: a.extensionWindowSeconds * 1000,
  extensionMs: a.extensionSeconds * 1000,
});

export interface AuctionDeps {
  repo: AuctionRepo;
  email: EmailProvider;
  publicUrl: string;
  /** Key of the winners' signed links (derived from the token signing key). */
  signingKey: Uint8Array;
  /** An active market (country code), for the winner's address. */
  isMarket(country: string): Promise<boolean>;
  /** Where an accepted bid's axe is announced to every process's live streams (`live.ts`). */
  feed?: Pick<AxeFeed, 'publish'>;
  /** How long a process keeps the auction's row (its rules and times; 0: read every time). */
  cacheMs?: number;
  now?: () => Date;
}

export function auctionContext(deps: AuctionDeps) {
  const { repo } = deps;
  const now = deps.now ?? (() => new Date());
  const cached = readCache(deps.cacheMs ?? 0, 4);
  const board = axeBoard();
  async function auction(): Promise<AuctionRow> {
    const a = await cached('current', () => repo.current());
    if (!a) throw new ApiError('AUCTION_NOT_FOUND');
    return a;
  }

  function view(
    a: AuctionRow,
    axe: AxeWithBidder | (AxeRow & { bidderName?: null }),
    callerId: string | null,
    at: Date,
  ): Axe {
    const name = 'bidderName' in axe ? axe.bidderName : null;
    const second = 'bidderSecondName' in axe ? (axe.bidderSecondName as string | null) : null;
    return {
      number: axe.number,
      featured: axe.featured,
      endsAt: axe.endsAt.toISOString(),
      ended: at.getTime() >= axe.endsAt.getTime(),
      highestBid:
        axe.highestAmount !== null
          ? {
              amount: axe.highestAmount,
              currency: a.currency,
              at: (axe.highestAt ?? axe.updatedAt).toISOString(),
              bidder: initials(name ?? null, second),
            }
          : null,
      bidCount: axe.bidCount,
      minimumBid: minimumBid(axe.highestAmount, a),
      currency: a.currency,
      yours: callerId !== null && axe.highestBidderId === callerId,
    };
  }

  return { deps, repo, now, board, auction, view };
}
export type AuctionContext = ReturnType<typeof auctionContext>;
