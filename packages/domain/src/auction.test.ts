import { describe, expect, it } from 'vitest';
import {
  AXE_MAX,
  AXE_MIN,
  bidRefusal,
  chooseWinner,
  clampAxeNumber,
  extendedEnd,
  isAxeNumber,
  minimumBid,
  secondsLeft,
  stepAxeNumber,
} from './auction.ts';

const rules = { reserve: 10_000, increment: 500, extensionWindowMs: 5 * 60_000, extensionMs: 5 * 60_000 };
const start = new Date('2026-12-01T00:00:00Z');
const end = new Date('2026-12-24T18:00:00Z');
const axe = (over: Partial<Parameters<typeof bidRefusal>[0]> = {}) => ({
  number: 7,
  startsAt: start,
  endsAt: end,
  highest: null,
  highestBidderId: null,
  ...over,
});
const at = new Date('2026-12-10T12:00:00Z');

describe('axe numbers', () => {
  it('runs from 1 to 1000', () => {
    expect([AXE_MIN, AXE_MAX]).toEqual([1, 1000]);
    expect(isAxeNumber(1)).toBe(true);
    expect(isAxeNumber(1000)).toBe(true);
    expect(isAxeNumber(0)).toBe(false);
    expect(isAxeNumber(1001)).toBe(false);
    expect(isAxeNumber(7.5)).toBe(false);
    expect(isAxeNumber('7')).toBe(false);
  });

  it('clamps what is typed into the picker, starting at 1', () => {
    expect(clampAxeNumber(undefined)).toBe(1);
    expect(clampAxeNumber('')).toBe(1);
    expect(clampAxeNumber('abc')).toBe(1);
    expect(clampAxeNumber('-5')).toBe(1);
    expect(clampAxeNumber('77')).toBe(77);
    expect(clampAxeNumber(5000)).toBe(1000);
    expect(clampAxeNumber(12.9)).toBe(12);
  });

  it('increments and decrements within 1 and 1000', () => {
    expect(stepAxeNumber(1, -1)).toBe(1);
    expect(stepAxeNumber(1, 1)).toBe(2);
    expect(stepAxeNumber(1000, 1)).toBe(1000);
    expect(stepAxeNumber(1000, -1)).toBe(999);
  });
});

describe('bids', () => {
  it('asks for the reserve first, then the highest bid plus the increment', () => {
    expect(minimumBid(null, rules)).toBe(10_000);
    expect(minimumBid(12_345, rules)).toBe(12_845);
  });

  it('takes a bid at the minimum and refuses one below it', () => {
    expect(bidRefusal(axe(), { amount: 10_000, bidderId: 'a', at }, rules)).toBeNull();
    expect(bidRefusal(axe(), { amount: 9_999, bidderId: 'a', at }, rules)).toBe('BID_TOO_LOW');
    const held = axe({ highest: 20_000, highestBidderId: 'b' });
    expect(bidRefusal(held, { amount: 20_499, bidderId: 'a', at }, rules)).toBe('BID_TOO_LOW');
    expect(bidRefusal(held, { amount: 20_000, bidderId: 'a', at }, rules)).toBe('BID_TOO_LOW');
    expect(bidRefusal(held, { amount: 20_500, bidderId: 'a', at }, rules)).toBeNull();
  });

  it('refuses a bid against oneself, early and late bids, and amounts that are not money', () => {
    const held = axe({ highest: 20_000, highestBidderId: 'a' });
    expect(bidRefusal(held, { amount: 30_000, bidderId: 'a', at }, rules)).toBe('BID_ALREADY_HIGHEST');
    expect(bidRefusal(axe(), { amount: 10_000, bidderId: 'a', at: new Date(start.getTime() - 1) }, rules)).toBe(
      'AUCTION_NOT_STARTED',
    );
    expect(bidRefusal(axe(), { amount: 10_000, bidderId: 'a', at: end }, rules)).toBe('AUCTION_ENDED');
    expect(bidRefusal(axe(), { amount: 10_000.5, bidderId: 'a', at }, rules)).toBe('BID_AMOUNT_INVALID');
    expect(bidRefusal(axe(), { amount: -1, bidderId: 'a', at }, rules)).toBe('BID_AMOUNT_INVALID');
    expect(bidRefusal(axe({ number: 1001 }), { amount: 10_000, bidderId: 'a', at }, rules)).toBe('AXE_NOT_FOUND');
  });
});

describe('anti-sniping', () => {
  it('leaves the end alone for a bid before the last minutes', () => {
    expect(extendedEnd(end, new Date(end.getTime() - 5 * 60_000 - 1), rules)).toEqual(end);
  });

  it('extends the end to the extension after a bid in the last minutes', () => {
    const bid = new Date(end.getTime() - 60_000);
    expect(extendedEnd(end, bid, rules)).toEqual(new Date(bid.getTime() + 5 * 60_000));
    const edge = new Date(end.getTime() - 5 * 60_000);
    expect(extendedEnd(end, edge, rules)).toEqual(end);
  });

  it('never shortens an end', () => {
    expect(extendedEnd(end, new Date(end.getTime() - 1000), { extensionWindowMs: 60_000, extensionMs: 500 })).toEqual(
      end,
    );
  });

  it('counts the seconds left', () => {
    expect(secondsLeft(end, new Date(end.getTime() - 1500))).toBe(2);
    expect(secondsLeft(end, new Date(end.getTime() + 1))).toBe(0);
  });
});

describe('winner', () => {
  const bid = (id: string, amount: number, ms: number) => ({ id, bidderId: id, amount, at: new Date(ms) });

  it('is the highest bid, the earlier one on a tie', () => {
    expect(chooseWinner([bid('a', 100, 1), bid('b', 300, 3), bid('c', 300, 2), bid('d', 200, 4)], 0)?.id).toBe('c');
  });

  it('is nobody without bids or below the reserve', () => {
    expect(chooseWinner([], 0)).toBeNull();
    expect(chooseWinner([bid('a', 99, 1)], 100)).toBeNull();
  });
});

describe('typed amounts', () => {
  it('reads euros with a dot or a comma as minor units', async () => {
    const { parseBidAmount, axePageStart } = await import('./auction.ts');
    expect(parseBidAmount('150')).toBe(15_000);
    expect(parseBidAmount('150.5')).toBe(15_050);
    expect(parseBidAmount('1 250,05')).toBe(125_005);
    expect(parseBidAmount('0')).toBeNull();
    expect(parseBidAmount('-5')).toBeNull();
    expect(parseBidAmount('1.234')).toBeNull();
    expect(parseBidAmount('abc')).toBeNull();
    expect(parseBidAmount('10000000')).toBeNull();
    expect(axePageStart(7, 24)).toBe(1);
    expect(axePageStart(25, 24)).toBe(25);
    expect(axePageStart(1000, 24)).toBe(985);
  });
});
