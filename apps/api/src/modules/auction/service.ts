import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Axe, Winner, WinnerAddress } from '@varg/contracts';
import {
  type AuctionRules,
  type BidRefusal,
  bidRefusal,
  chooseWinner,
  extendedEnd,
  formatLocaleSegment,
  formatMoney,
  isAxeNumber,
  localeTag,
  minimumBid,
  type UiLanguage,
  uiLanguageFrom,
} from '@varg/domain';
import { t } from '@varg/i18n/server';
import { ApiError } from '../../lib/api-error.ts';
import { plainEmail } from '../../lib/plain-email.ts';
import { readCache } from '../../lib/read-cache.ts';
import type { EmailProvider } from '../../providers/email/interface.ts';
import type { AxeFeed } from './live.ts';
import type { AuctionRepo, AuctionRow, AxeRow, AxeWithBidder } from './repo.ts';

/** At most this many axes in one `GET axes/{a}/{b}`. */
export const AXE_RANGE_MAX = 100;
export const WITHOUT_BIDS_PAGE = 24;
export const FEATURED_PAGE = 12;

const initials = (name: string | null, secondName: string | null) =>
  [name, secondName]
    .filter((s): s is string => Boolean(s?.trim()))
    .map((s) => `${s.trim().charAt(0).toUpperCase()}.`)
    .join(' ') || '—';

const rulesOf = (a: AuctionRow): AuctionRules => ({
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

/**
 * This process's last view of each axe of the running auction, and a queue per axe. A view is replaced only by a newer
 * one (more bids, or as many and changed later), so its highest bid is never above the stored one: the database moves
 * an axe's highest bid only upwards and counts every bid. Other processes' bids reach it when this process reads the
 * axe (the live view polls, a compare-and-set that lost reads again); it is never trusted for an axe's end.
 */
export function axeBoard() {
  let auctionId = '';
  const axes = new Map<number, AxeRow>();
  const queues = new Map<number, Promise<unknown>>();
  const reading = new Map<string, Promise<unknown>>();
  return {
    /**
     * The same read asked again while it runs shares its answer (the live view of hundreds of open pages polling
     * together): it reads as at the moment it started, and nothing is kept once it has answered.
     */
    together<T>(key: string, read: () => Promise<T>): Promise<T> {
      const running = reading.get(key);
      if (running) return running as Promise<T>;
      const started = read().finally(() => reading.delete(key));
      reading.set(key, started);
      return started;
    },
    get(forAuction: string, number: number): AxeRow | undefined {
      return forAuction === auctionId ? axes.get(number) : undefined;
    },
    remember(forAuction: string, row: AxeRow) {
      if (forAuction !== auctionId) {
        auctionId = forAuction;
        axes.clear();
      }
      const known = axes.get(row.number);
      if (
        !known ||
        row.bidCount > known.bidCount ||
        (row.bidCount === known.bidCount && row.updatedAt.getTime() >= known.updatedAt.getTime())
      )
        axes.set(row.number, row);
    },
    /** Runs `task` after every task queued before it for this axe (whether they succeeded or failed). */
    oneAtATime<T>(number: number, task: () => Promise<T>): Promise<T> {
      const run = (queues.get(number) ?? Promise.resolve()).then(task, task);
      const tail = run.then(
        () => undefined,
        () => undefined,
      );
      queues.set(number, tail);
      void tail.then(() => {
        if (queues.get(number) === tail) queues.delete(number);
      });
      return run;
    },
  };
}

/**
 * The numbered-axe auction (spec sections 3, 7 "axes/*"; docs/decisions/021-auction.md): reads of axes and their highest
 * bids, race-free bids, the winners chosen once after each axe's end and e-mailed a signed link, the winner's address
 * once, which makes the order the winning bid is paid through.
 */
export function auctionService(deps: AuctionDeps) {
  const { repo, email, publicUrl } = deps;
  const now = deps.now ?? (() => new Date());
  const linkKey = createHmac('sha256', deps.signingKey).update('auction-winner-link').digest();
  const sign = (auctionId: string, number: number, userId: string) =>
    createHmac('sha256', linkKey).update(`${auctionId}.${number}.${userId}`).digest('base64url');

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
    if (from > to || to - from + 1 > AXE_RANGE_MAX) throw new ApiError('AXE_RANGE_INVALID', { max: AXE_RANGE_MAX });
  }

  const pageOf = (page: number, limit: number, total: number) => {
    const totalPages = Math.max(1, Math.ceil(total / limit));
    return { totalDocs: total, page, totalPages, hasNextPage: page < totalPages, hasPrevPage: page > 1 };
  };

  async function winnerAxe(number: number, hash: string) {
    if (!isAxeNumber(number)) throw new ApiError('WINNER_LINK_INVALID');
    const a = await auction();
    const axe = await repo.axe(a.id, number);
    if (!axe?.closedAt || !axe.winnerId || axe.winningAmount === null) throw new ApiError('WINNER_LINK_INVALID');
    const expected = Buffer.from(sign(a.id, number, axe.winnerId));
    const given = Buffer.from(hash);
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new ApiError('WINNER_LINK_INVALID');
    return { a, axe, winnerId: axe.winnerId, amount: axe.winningAmount };
  }

  async function winnerView(a: AuctionRow, axe: AxeRow, amount: number): Promise<Winner> {
    const paid = axe.orderId ? (await repo.paidOf(axe.orderId)) >= amount : false;
    return {
      number: axe.number,
      amount,
      currency: a.currency,
      endedAt: (axe.closedAt ?? axe.endsAt).toISOString(),
      addressGiven: axe.addressGivenAt !== null,
      address: (axe.address as WinnerAddress | null) ?? null,
      orderId: axe.orderId,
      paid,
    };
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

    async axe(number: number, callerId: string | null) {
      if (!isAxeNumber(number)) throw new ApiError('AXE_NOT_FOUND');
      const a = await auction();
      const row = await repo.axe(a.id, number);
      if (!row) throw new ApiError('AXE_NOT_FOUND');
      board.remember(a.id, row);
      return view(a, row, callerId, now());
    },

    /** `GET axes/bids/highests/{id}`: an axe with its ten highest bids. */
    async highest(number: number, callerId: string | null) {
      const axe = await this.axe(number, callerId);
      const a = await auction();
      const bids = await repo.topBids(a.id, number, 10);
      return {
        axe,
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
      if (from > to) throw new ApiError('AXE_RANGE_INVALID', { max: AXE_RANGE_MAX });
      const a = await auction();
      const at = now();
      const { rows, total } = await repo.withoutBids(a.id, from, to, page, WITHOUT_BIDS_PAGE);
      return {
        docs: rows.map((r) => view(a, r, callerId, at)),
        ...header(a, at),
        ...pageOf(page, WITHOUT_BIDS_PAGE, total),
      };
    },

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

    /**
     * The winners job: closes every axe whose end passed, once (a second run, or another process, finds them closed),
     * then e-mails each winner not e-mailed yet, in their language, the signed link of their axe.
     */
    async determineWinners(at: Date = now()) {
      const a = await repo.current();
      if (!a) return { closed: 0, winners: 0, mailed: 0 };
      let closed = 0;
      let winners = 0;
      for (const { number } of await repo.dueForClosing(a.id, at)) {
        const done = await repo.close(a.id, number, at, (bids) => chooseWinner(bids, a.reserve));
        if (!done) continue;
        closed += 1;
        if (done.winner) winners += 1;
      }
      let mailed = 0;
      for (const w of await repo.unmailedWinners(a.id)) {
        if (!w.winnerId || w.amount === null || !(await repo.claimWinnerMail(a.id, w.number, at))) continue;
        const lang: UiLanguage = uiLanguageFrom(w.lang) ?? 'en-us';
        const link = `${publicUrl}/${formatLocaleSegment({ lang, country: w.country })}/xmas-auction-winner?number=${w.number}&hash=${sign(a.id, w.number, w.winnerId)}`;
        const price = formatMoney({ amount: w.amount, currency: a.currency }, localeTag({ lang, country: w.country }));
        try {
          await email.send(
            plainEmail(
              lang,
              w.email,
              w.name,
              t(lang, 'auction_winner_email_subject', { number: w.number }),
              [t(lang, 'auction_winner_email_text', { number: w.number, amount: price, link })],
              link,
            ),
          );
          mailed += 1;
        } catch (error) {
          await repo.releaseWinnerMail(a.id, w.number);
          throw error;
        }
      }
      return { closed, winners, mailed };
    },

    /** The winner's page: what was won, and whether the address was given and the bid paid. */
    async winner(number: number, hash: string): Promise<Winner> {
      const { a, axe, amount } = await winnerAxe(number, hash);
      return winnerView(a, axe, amount);
    },

    /**
     * `POST axes/winners/address/{number}/{hash}`: the address, once; it makes the store order of the winning bid (paid
     * through the payments module, `complete-order/{orderId}` or `POST axes/payment_intent`).
     */
    async giveAddress(number: number, hash: string, address: WinnerAddress): Promise<Winner> {
      const { a, axe, winnerId, amount } = await winnerAxe(number, hash);
      if (axe.addressGivenAt) throw new ApiError('WINNER_ADDRESS_GIVEN');
      if (!(await deps.isMarket(address.country))) throw new ApiError('WINNER_ADDRESS_COUNTRY');
      const user = await repo.user(winnerId);
      if (!user) throw new ApiError('WINNER_LINK_INVALID');
      const at = now();
      const shipping = {
        line_1: address.line_1,
        line_2: address.line_2,
        postal_code: address.postal_code,
        city: address.city,
        state: address.state,
        country: address.country,
      };
      const orderId = await repo.giveAddress(
        a.id,
        number,
        address,
        {
          type: 'store',
          userId: winnerId,
          country: address.country,
          currency: a.currency,
          language: user.lang,
          customerType: 'B2C',
          contact: {
            first_name: address.first_name,
            last_name: address.last_name,
            email: user.email,
            phone: address.phone,
          },
          shippingAddress: shipping,
          billing: {
            type: 'person',
            firstName: address.first_name,
            lastName: address.last_name,
            customerTaxId: null,
            address: shipping,
          },
          shippingMethod: 'home_delivery',
          customerOrderReference: `XMAS-AXE-${number}`,
          subtotal: amount,
          shipping: 0,
          fees: 0,
          tax: 0,
          total: amount,
          taxDetails: {
            regime: 'not_collected',
            rateBp: 0,
            reverseCharge: false,
            net: amount,
            displayExcludingTaxes: false,
          },
        },
        {
          type: 'store',
          nameKey: 'auction_axe_line',
          name: `Axe #${number}`,
          quantity: 1,
          unitPrice: amount,
          vatRateBp: 0,
          total: amount,
        },
        at,
      );
      if (!orderId) throw new ApiError('WINNER_ADDRESS_GIVEN');
      const after = await repo.axe(a.id, number);
      return winnerView(a, after ?? axe, amount);
    },

    /**
     * `POST axes/payment_intent {amount, country}`: the caller's won axe of that amount, after the address was given —
     * the order to pay and what is left to pay (the payments module starts the attempt).
     */
    async payable(userId: string, amount: number) {
      const a = await auction();
      const axe = await repo.winOf(a.id, userId, amount);
      if (!axe?.orderId) throw new ApiError('AUCTION_WIN_NOT_FOUND');
      return { orderId: axe.orderId, number: axe.number, amount, currency: a.currency };
    },

    /** Dev/admin: ends an axe now (its end moves to now), for trying the winner's journey. */
    async endAxe(number: number) {
      if (!isAxeNumber(number)) throw new ApiError('AXE_NOT_FOUND');
      const a = await auction();
      return repo.endAxe(a.id, number, now());
    },
  };
}
export type AuctionService = ReturnType<typeof auctionService>;
