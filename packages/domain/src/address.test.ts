import { describe, expect, it } from 'vitest';
import {
  addressLines,
  checkPostalCode,
  formatAddress,
  POSTAL_CODE_RULES,
  postalCodeExample,
  US_STATES,
  usStateOfZip,
  zipMatchesState,
} from './address.ts';
import { EU_MEMBER_STATES } from './tax.ts';

const COUNTRIES_FOR_TESTS = [
  ...EU_MEMBER_STATES,
  ...['GB', 'NO', 'CH', 'TR', 'US', 'CA', 'MX', 'BR', 'AR', 'AU', 'NZ', 'ZA', 'IS', 'JP'],
];

const ok = (country: string, input: string) => checkPostalCode(country, input);

describe('postal codes per country', () => {
  it.each([
    ['DE', '10115', '10115'],
    ['DE', ' 80687 ', '80687'],
    ['US', '78745', '78745'],
    ['US', '78745-1234', '78745-1234'],
    ['US', '787451234', '78745-1234'],
    ['GB', 'sw1a1aa', 'SW1A 1AA'],
    ['GB', 'M1 1AE', 'M1 1AE'],
    ['GB', 'EC1A 1BB', 'EC1A 1BB'],
    ['GB', 'GIR 0AA', 'GIR 0AA'],
    ['NL', '1012ab', '1012 AB'],
    ['NL', '1012 AB', '1012 AB'],
    ['ES', '08005', '08005'],
    ['ES', '52001', '52001'],
    ['FR', '69007', '69007'],
    ['AT', '1010', '1010'],
    ['CH', '8001', '8001'],
    ['CH', 'CH-8001', '8001'],
    ['NO', '0150', '0150'],
    ['PL', '00950', '00-950'],
    ['PL', '00-950', '00-950'],
    ['PT', '1000001', '1000-001'],
    ['SE', '11122', '111 22'],
    ['SE', 'SE-111 22', '111 22'],
    ['CZ', '110 00', '110 00'],
    ['GR', '10557', '105 57'],
    ['IE', 'd02x285', 'D02 X285'],
    ['IE', 'D6W 1234', 'D6W 1234'],
    ['LV', 'LV-1010', 'LV-1010'],
    ['LV', '1010', 'LV-1010'],
    ['LT', 'LT-01100', 'LT-01100'],
    ['LU', 'L-1111', '1111'],
    ['MT', 'vlt1117', 'VLT 1117'],
    ['CA', 'k1a0b1', 'K1A 0B1'],
    ['BR', '01310100', '01310-100'],
    ['AR', 'C1425DKF', 'C1425DKF'],
    ['AR', '1425', '1425'],
    ['TR', '34000', '34000'],
    ['AU', '2000', '2000'],
    ['JP', '1000001', '100-0001'],
  ])('%s accepts %j as %j', (country, input, expected) => {
    expect(ok(country, input)).toEqual({ ok: true, postalCode: expected });
  });

  it.each([
    ['DE', '1011'],
    ['DE', '101155'],
    ['DE', 'ABCDE'],
    ['US', '7874'],
    ['US', '78745-12'],
    ['US', 'ABCDE'],
    ['GB', '12345'],
    ['GB', 'SW1A'],
    ['NL', '0123 AB'],
    ['NL', '1012 SS'],
    ['NL', '1012'],
    ['ES', '53001'],
    ['ES', '00123'],
    ['AT', '0100'],
    ['CA', 'D1A 0B1'],
    ['IE', 'B02 X285'],
    ['PT', '1000'],
    ['FR', ''],
    ['FR', '   '],
  ])('%s refuses %j', (country, input) => {
    expect(ok(country, input)).toEqual({ ok: false });
  });

  it('accepts 1–10 letters and digits for a country without a rule', () => {
    expect(ok('XX', 'ab 12-3')).toEqual({ ok: true, postalCode: 'AB 12-3' });
    expect(ok('XX', '1')).toEqual({ ok: true, postalCode: '1' });
    expect(ok('XX', '12345678901')).toEqual({ ok: false });
    expect(ok('XX', 'ab$1')).toEqual({ ok: false });
    expect(ok('XX', '')).toEqual({ ok: false });
  });

  it('has a rule, with a valid example, for every market of DATA.md', () => {
    for (const code of COUNTRIES_FOR_TESTS) {
      expect(POSTAL_CODE_RULES[code], code).toBeDefined();
      const example = postalCodeExample(code) ?? '';
      expect(ok(code, example), `${code} ${example}`).toEqual({ ok: true, postalCode: example });
    }
    expect(postalCodeExample('XX')).toBeNull();
  });
});

describe('US ZIP codes and states', () => {
  it('finds the state of a ZIP code', () => {
    expect(usStateOfZip('78745')).toBe('TX');
    expect(usStateOfZip('10001')).toBe('NY');
    expect(usStateOfZip('90210-1234')).toBe('CA');
    expect(usStateOfZip('20500')).toBe('DC');
    expect(usStateOfZip('05501')).toBe('MA');
    expect(usStateOfZip('05401')).toBe('VT');
    expect(usStateOfZip('99501')).toBe('AK');
    expect(usStateOfZip('96813')).toBe('HI');
    expect(usStateOfZip('00601')).toBeNull(); // Puerto Rico: not sold to
    expect(usStateOfZip('99')).toBeNull();
  });

  it('has ZIP prefixes for every state and DC, none claimed twice', () => {
    expect(US_STATES).toHaveLength(51);
    const owner = new Map<number, string>();
    for (let prefix = 0; prefix < 1000; prefix++) {
      const zip = `${String(prefix).padStart(3, '0')}01`;
      const matches = US_STATES.filter((s) => zipMatchesState(zip, s));
      expect(matches.length, zip).toBeLessThanOrEqual(1);
      if (matches[0]) owner.set(prefix, matches[0]);
    }
    expect(new Set(owner.values()).size).toBe(51);
  });

  it('checks a ZIP against a state', () => {
    expect(zipMatchesState('78745', 'TX')).toBe(true);
    expect(zipMatchesState('78745', 'CA')).toBe(false);
    expect(zipMatchesState('78745', 'XX')).toBe(false);
    expect(zipMatchesState('7874', 'TX')).toBe(false);
  });
});

describe('formatted address', () => {
  it('gives the printed lines, the city line as the country writes it', () => {
    expect(
      addressLines(
        { line1: '4501 S Congress Ave', postalCode: '78745', city: 'Austin', state: 'TX', country: 'US' },
        'Vereinigte Staaten',
      ),
    ).toEqual(['4501 S Congress Ave', 'Austin, TX 78745', 'Vereinigte Staaten']);
    expect(
      addressLines(
        { line1: 'Damrak 1', line2: '3 hoog', postalCode: '1012 LG', city: 'Amsterdam', country: 'NL' },
        'NL',
      ),
    ).toEqual(['Damrak 1', '3 hoog', '1012 LG Amsterdam', 'NL']);
  });

  it('writes the address as the country does', () => {
    expect(
      formatAddress({ line1: 'Landsberger Str. 302', postalCode: '80687', city: 'München', country: 'DE' }, 'Germany'),
    ).toBe('Landsberger Str. 302, 80687 München, Germany');
    expect(
      formatAddress(
        {
          line1: '4501 S Congress Ave',
          line2: 'Suite 2',
          postalCode: '78745',
          city: 'Austin',
          state: 'TX',
          country: 'US',
        },
        'United States',
      ),
    ).toBe('4501 S Congress Ave, Suite 2, Austin, TX 78745, United States');
    expect(
      formatAddress(
        { line1: '10 Downing St', postalCode: 'SW1A 2AA', city: 'London', country: 'GB' },
        'United Kingdom',
      ),
    ).toBe('10 Downing St, London, SW1A 2AA, United Kingdom');
    expect(
      formatAddress(
        { line1: 'Via Roma 1', line2: '', postalCode: '00118', city: 'Roma', state: 'RM', country: 'IT' },
        'Italy',
      ),
    ).toBe('Via Roma 1, 00118 Roma, RM, Italy');
  });
});
