import { describe, expect, it } from 'vitest';
import {
  auctionEditable,
  auctionStatus,
  batchNumbers,
  EXTEND_MAX_MINUTES,
  extendedBy,
  parseAxeNumbers,
  scheduleRefusal,
} from './auction-schedule.ts';

const at = (iso: string) => new Date(iso);
const now = at('2026-11-25T12:00:00Z');

describe('auction schedules', () => {
  it('names where an auction stands', () => {
    const a = { startsAt: at('2026-12-01T00:00:00Z'), endsAt: at('2026-12-24T18:00:00Z') };
    expect(auctionStatus(a, now)).toBe('scheduled');
    expect(auctionStatus(a, at('2026-12-01T00:00:00Z'))).toBe('running');
    expect(auctionStatus(a, at('2026-12-24T18:00:00Z'))).toBe('ended');
  });

  it('takes a future schedule that ends after it starts and overlaps no other auction', () => {
    const others = [{ startsAt: at('2026-11-01T00:00:00Z'), endsAt: at('2026-12-24T18:00:00Z') }];
    const next = { startsAt: at('2026-12-24T18:00:00Z'), endsAt: at('2027-01-06T18:00:00Z') };
    expect(scheduleRefusal(next, others, now)).toBeNull();
    expect(scheduleRefusal({ ...next, startsAt: at('2026-12-24T17:59:00Z') }, others, now)).toBe('AUCTION_OVERLAP');
    expect(scheduleRefusal({ ...next, endsAt: next.startsAt }, others, now)).toBe('AUCTION_SCHEDULE_INVALID');
    expect(scheduleRefusal({ startsAt: at('2026-11-25T11:00:00Z'), endsAt: next.endsAt }, [], now)).toBe(
      'AUCTION_SCHEDULE_INVALID',
    );
    expect(scheduleRefusal({ startsAt: new Date(Number.NaN), endsAt: next.endsAt }, [], now)).toBe(
      'AUCTION_SCHEDULE_INVALID',
    );
  });

  it('lets an auction be edited only before its start and without bids', () => {
    const a = { startsAt: at('2026-12-01T00:00:00Z') };
    expect(auctionEditable(a, 0, now)).toBe(true);
    expect(auctionEditable(a, 1, now)).toBe(false);
    expect(auctionEditable(a, 0, at('2026-12-01T00:00:00Z'))).toBe(false);
  });

  it('numbers a batch from 1 and reads typed axe numbers', () => {
    expect(batchNumbers(3)).toEqual([1, 2, 3]);
    expect(batchNumbers(2000)).toHaveLength(1000);
    expect(parseAxeNumbers('13, 1 24;13')).toEqual([1, 13, 24]);
    expect(parseAxeNumbers('')).toEqual([]);
    expect(parseAxeNumbers('1, x')).toBeNull();
    expect(parseAxeNumbers('0')).toBeNull();
    expect(parseAxeNumbers('50', 40)).toBeNull();
  });

  it('moves an end by whole minutes up to a week', () => {
    expect(extendedBy(at('2026-12-24T18:00:00Z'), 15)).toEqual(at('2026-12-24T18:15:00Z'));
    expect(() => extendedBy(now, 0)).toThrow(RangeError);
    expect(() => extendedBy(now, 1.5)).toThrow(RangeError);
    expect(() => extendedBy(now, EXTEND_MAX_MINUTES + 1)).toThrow(RangeError);
  });
});
