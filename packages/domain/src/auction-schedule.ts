// Scheduling numbered-axe auctions in the back office (docs/decisions/046-auction-admin.md): an auction runs from its
// start to its end, never beside another one (the storefront shows one auction: the one that started last), is
// edited only while nothing can have been bid on it, and one axe's end can be moved later by whole minutes.
import { AXE_MAX, AXE_MIN, isAxeNumber } from './auction.ts';

export type AuctionStatus = 'scheduled' | 'running' | 'ended';

/** Where an auction stands at `now`: before its start, between start and end, or after its end. */
export function auctionStatus(auction: { startsAt: Date; endsAt: Date }, now: Date): AuctionStatus {
  if (now.getTime() < auction.startsAt.getTime()) return 'scheduled';
  return now.getTime() < auction.endsAt.getTime() ? 'running' : 'ended';
}

export type ScheduleRefusal = 'AUCTION_SCHEDULE_INVALID' | 'AUCTION_OVERLAP';

/**
 * Why a new or edited schedule is refused, or null: it must end after it starts and start in the future (a batch is
 * prepared before it opens), and must not overlap another auction's time (`others` excludes the one edited).
 */
export function scheduleRefusal(
  schedule: { startsAt: Date; endsAt: Date },
  others: ReadonlyArray<{ startsAt: Date; endsAt: Date }>,
  now: Date,
): ScheduleRefusal | null {
  const start = schedule.startsAt.getTime();
  const end = schedule.endsAt.getTime();
  if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start || start <= now.getTime())
    return 'AUCTION_SCHEDULE_INVALID';
  if (others.some((o) => start < o.endsAt.getTime() && o.startsAt.getTime() < end)) return 'AUCTION_OVERLAP';
  return null;
}

/**
 * An auction may be edited only before it starts and while it has no bid (none can be placed before the start; the
 * bid count is checked as well, so an edit never changes the rules a placed bid was accepted under).
 */
export const auctionEditable = (auction: { startsAt: Date }, bids: number, now: Date): boolean =>
  bids === 0 && now.getTime() < auction.startsAt.getTime();

/** The axes of a batch: numbers 1 to `count`, the storefront's number picker starting at 1. */
export const batchNumbers = (count: number): number[] =>
  Array.from({ length: Math.max(0, Math.min(AXE_MAX, Math.trunc(count))) }, (_, i) => AXE_MIN + i);

/** "1, 13 24;100" as axe numbers (sorted, each once), or null when a part is not an axe number up to `count`. */
export function parseAxeNumbers(text: string, count: number = AXE_MAX): number[] | null {
  const parts = text.split(/[\s,;]+/).filter(Boolean);
  const numbers = new Set<number>();
  for (const part of parts) {
    if (!/^\d{1,4}$/.test(part)) return null;
    const n = Number(part);
    if (!isAxeNumber(n) || n > count) return null;
    numbers.add(n);
  }
  return [...numbers].sort((a, b) => a - b);
}

/** The most an axe's end can be moved at once: a week. */
export const EXTEND_MAX_MINUTES = 7 * 24 * 60;

/** An axe's end moved later by whole minutes (1 to a week). */
export function extendedBy(endsAt: Date, minutes: number): Date {
  if (!Number.isInteger(minutes) || minutes < 1 || minutes > EXTEND_MAX_MINUTES) throw new RangeError('minutes');
  return new Date(endsAt.getTime() + minutes * 60_000);
}
