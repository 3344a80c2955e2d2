// The numbered-axe auction (spec sections 3, 5 and 9; docs/decisions/021-auction.md): axes 1 to 1000, bids in integer
// minor units of the auction's one currency (EUR), a minimum increment over the highest bid, a reserve before the first
// bid, an anti-sniping extension of the axe's end, and the winner of each axe chosen once after its end.
import { add, dinero, toSnapshot } from 'dinero.js';
import { EUR } from 'dinero.js/currencies';

/** Spec section 9: axe numbers run from 1 to 1000; the number picker starts at 1. */
export const AXE_MIN = 1;
export const AXE_MAX = 1000;
/** The auction runs in one currency for every market (decision 021); amounts elsewhere are shown converted. */
export const AUCTION_CURRENCY = 'EUR';
/** The largest bid the API takes (minor units): 1,000,000.00 EUR. */
export const MAX_BID = 100_000_000;

export const isAxeNumber = (n: unknown): n is number =>
  typeof n === 'number' && Number.isInteger(n) && n >= AXE_MIN && n <= AXE_MAX;

/** The number picker: anything typed becomes an axe number (non-numbers start at 1). */
export function clampAxeNumber(value: unknown): number {
  const n = typeof value === 'number' ? value : Number.parseInt(String(value ?? ''), 10);
  if (!Number.isFinite(n)) return AXE_MIN;
  return Math.min(AXE_MAX, Math.max(AXE_MIN, Math.trunc(n)));
}

export const stepAxeNumber = (value: unknown, step: 1 | -1): number => clampAxeNumber(clampAxeNumber(value) + step);

export interface AuctionRules {
  /** Minor units: the lowest first bid of an axe. */
  reserve: number;
  /** Minor units: how much a bid must beat the highest one by. */
  increment: number;
  /** A bid this close to the axe's end (ms) extends it… */
  extensionWindowMs: number;
  /** …to this long after the bid (ms). */
  extensionMs: number;
}

/** The lowest amount the next bid may have. */
export function minimumBid(highest: number | null, rules: Pick<AuctionRules, 'reserve' | 'increment'>): number {
  if (highest === null) return rules.reserve;
  return toSnapshot(add(dinero({ amount: highest, currency: EUR }), dinero({ amount: rules.increment, currency: EUR })))
    .amount;
}

export type BidRefusal =
  | 'AXE_NOT_FOUND'
  | 'BID_AMOUNT_INVALID'
  | 'AUCTION_NOT_STARTED'
  | 'AUCTION_ENDED'
  | 'BID_ALREADY_HIGHEST'
  | 'BID_TOO_LOW';

export interface AxeState {
  number: number;
  startsAt: Date;
  endsAt: Date;
  highest: number | null;
  highestBidderId: string | null;
}

/** Why a bid is refused, or null when it is valid against the axe as it is now. */
export function bidRefusal(
  axe: AxeState,
  bid: { amount: number; bidderId: string; at: Date },
  rules: AuctionRules,
): BidRefusal | null {
  if (!isAxeNumber(axe.number)) return 'AXE_NOT_FOUND';
  if (!Number.isSafeInteger(bid.amount) || bid.amount <= 0 || bid.amount > MAX_BID) return 'BID_AMOUNT_INVALID';
  if (bid.at.getTime() < axe.startsAt.getTime()) return 'AUCTION_NOT_STARTED';
  if (bid.at.getTime() >= axe.endsAt.getTime()) return 'AUCTION_ENDED';
  if (axe.highest !== null && axe.highestBidderId === bid.bidderId) return 'BID_ALREADY_HIGHEST';
  if (bid.amount < minimumBid(axe.highest, rules)) return 'BID_TOO_LOW';
  return null;
}

/** Anti-sniping: a bid in the last `extensionWindowMs` pushes the axe's end to `extensionMs` after the bid. */
export function extendedEnd(endsAt: Date, bidAt: Date, rules: Pick<AuctionRules, 'extensionWindowMs' | 'extensionMs'>) {
  const left = endsAt.getTime() - bidAt.getTime();
  if (left < 0 || left > rules.extensionWindowMs) return endsAt;
  return new Date(Math.max(endsAt.getTime(), bidAt.getTime() + rules.extensionMs));
}

export interface PlacedBid {
  id: string;
  bidderId: string;
  amount: number;
  at: Date;
}

/** The winning bid of an ended axe: the highest amount, the earlier bid on a tie, none below the reserve. */
export function chooseWinner<T extends PlacedBid>(bids: readonly T[], reserve: number): T | null {
  let best: T | null = null;
  for (const bid of bids) {
    if (bid.amount < reserve) continue;
    if (!best || bid.amount > best.amount || (bid.amount === best.amount && bid.at.getTime() < best.at.getTime()))
      best = bid;
  }
  return best;
}

/** Whole seconds until the end (0 once ended). */
export const secondsLeft = (endsAt: Date, now: Date) =>
  Math.max(0, Math.ceil((endsAt.getTime() - now.getTime()) / 1000));

/** A bid typed in euros ("150", "150.5", "1 250,00") as minor units, or null when it is not an amount. */
export function parseBidAmount(text: string): number | null {
  const clean = text.replace(/[\s\u00a0\u202f']/g, '');
  const m = /^(\d{1,7})(?:[.,](\d{1,2}))?$/.exec(clean);
  if (!m) return null;
  const minor = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return minor > 0 && minor <= MAX_BID ? minor : null;
}

/** The first axe of the page of `size` axes that holds `number`. */
export const axePageStart = (number: number, size: number) =>
  Math.floor((clampAxeNumber(number) - 1) / size) * size + 1;
