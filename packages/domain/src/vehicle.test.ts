import { describe, expect, it } from 'vitest';
import {
  isValidVin,
  makeVin,
  normalizeTransferCode,
  normalizeVin,
  TRANSFER_MAX_ATTEMPTS,
  transferRefusal,
  vinCheckDigit,
  warrantyEnd,
  withVinCheckDigit,
} from './vehicle.ts';

describe('VIN (ISO 3779 with the check digit)', () => {
  // Published examples with a correct check digit.
  it.each(['1M8GDM9AXKP042788', '11111111111111111', '1HGCM82633A004352', 'JH4KA7561PC008269'])('accepts %s', (vin) =>
    expect(isValidVin(vin)).toBe(true),
  );

  it.each([
    ['a wrong check digit', '1M8GDM9A1KP042788'],
    ['16 characters', '1M8GDM9AXKP04278'],
    ['the letter O', '1M8GDM9AXKP04278O'],
    ['lower case', '1m8gdm9axkp042788'],
    ['empty', ''],
  ])('refuses %s', (_name, vin) => expect(isValidVin(vin)).toBe(false));

  it('computes the check digit, X for 10', () => {
    expect(vinCheckDigit('1M8GDM9AXKP042788')).toBe('X');
    expect(withVinCheckDigit('1HGCM82603A004352')).toBe('1HGCM82633A004352');
  });

  it('makes valid VINs of the maker, different per serial and model', () => {
    const a = makeVin('varg-ex', 2026, 1);
    const b = makeVin('varg-ex', 2026, 2);
    const c = makeVin('varg', 2026, 1);
    for (const vin of [a, b, c]) expect(isValidVin(vin)).toBe(true);
    expect(a).toMatch(/^VSFEX/);
    expect(new Set([a, b, c]).size).toBe(3);
  });

  it('normalises what people type', () => {
    expect(normalizeVin(' vsf ex-e1a0 ')).toBe('VSFEXE1A0');
    expect(normalizeTransferCode('abcd-ef 23')).toBe('ABCDEF23');
  });
});

describe('warranty end', () => {
  it('is 24 months from delivery plus the extensions bought', () => {
    expect(warrantyEnd('2026-03-15', [])).toBe('2028-03-15');
    expect(warrantyEnd('2026-03-15', [12])).toBe('2029-03-15');
    expect(warrantyEnd('2026-03-15', [12, 24])).toBe('2031-03-15');
  });

  it('ends on the month’s last day when the month is shorter', () => {
    expect(warrantyEnd('2026-01-31', [1])).toBe('2028-02-29');
  });
});

describe('transfer codes', () => {
  const now = new Date('2026-11-24T12:00:00Z');
  const pending = { status: 'pending', expiresAt: new Date('2026-11-25T12:00:00Z'), attempts: 0 };

  it('can be confirmed while pending, in time and below the attempt limit', () => {
    expect(transferRefusal(pending, now)).toBeNull();
  });

  it('refuses an expired, locked or finished transfer', () => {
    expect(transferRefusal({ ...pending, expiresAt: now }, now)).toBe('expired');
    expect(transferRefusal({ ...pending, attempts: TRANSFER_MAX_ATTEMPTS }, now)).toBe('locked');
    expect(transferRefusal({ ...pending, status: 'confirmed' }, now)).toBe('not_pending');
  });
});
