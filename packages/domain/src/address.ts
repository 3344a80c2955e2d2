// Address rules (spec section 3 "Address", docs/decisions/013-tax-and-addresses.md): postal codes per country, US
// states, and the one-line formatted address. Pure; the API and the web read the same rules.

interface PostalRule {
  /** Matched against the compact form: upper case, without spaces, hyphens and the optional country prefix. */
  compact: RegExp;
  /** The code as written in the country, from the compact form. */
  format?: (compact: string) => string;
  /** Letters some countries put before the digits (`LV-1010`, `L-1111`); accepted and dropped. */
  prefix?: string;
  /** An example, for hints and error messages. */
  example: string;
}

const split = (at: number, sep: string) => (s: string) => `${s.slice(0, at)}${sep}${s.slice(at)}`;
const d = (n: number) => new RegExp(`^\\d{${n}}$`);

/**
 * The markets of DATA.md (EU members, GB, NO, CH, TR, US, CA, MX, BR, AR, AU, NZ, ZA) and the seeded inactive ones.
 * Sources: the national postal operators' published formats (UPU "Postal addressing systems").
 */
export const POSTAL_CODE_RULES: Readonly<Record<string, PostalRule>> = {
  AT: { compact: /^[1-9]\d{3}$/, example: '1010' },
  BE: { compact: /^[1-9]\d{3}$/, example: '1000' },
  BG: { compact: /^[1-9]\d{3}$/, example: '1000' },
  HR: { compact: /^[1-5]\d{4}$/, example: '10000', prefix: 'HR' },
  CY: { compact: /^[1-9]\d{3}$/, example: '1010' },
  CZ: { compact: /^[1-7]\d{4}$/, format: split(3, ' '), example: '110 00' },
  DK: { compact: /^[1-9]\d{3}$/, example: '1050', prefix: 'DK' },
  EE: { compact: /^[1-9]\d{4}$/, example: '10111' },
  FI: { compact: d(5), example: '00100', prefix: 'FI' },
  FR: { compact: d(5), example: '75001' },
  DE: { compact: d(5), example: '10115' },
  GR: { compact: /^[1-8]\d{4}$/, format: split(3, ' '), example: '105 57' },
  HU: { compact: /^[1-9]\d{3}$/, example: '1051' },
  // Eircode: a routing key (letter + 2 digits, or D6W) and a 4-character unique identifier.
  IE: {
    compact: /^(?:[AC-FHKNPRTV-Y]\d{2}|D6W)[0-9AC-FHKNPRTV-Y]{4}$/,
    format: split(3, ' '),
    example: 'D02 X285',
  },
  IT: { compact: d(5), example: '00118' },
  LV: { compact: /^[1-9]\d{3}$/, format: (s) => `LV-${s}`, prefix: 'LV', example: 'LV-1010' },
  LT: { compact: /^[0-9]\d{4}$/, format: (s) => `LT-${s}`, prefix: 'LT', example: 'LT-01100' },
  LU: { compact: /^[1-9]\d{3}$/, prefix: 'L', example: '1111' },
  MT: { compact: /^[A-Z]{3}\d{4}$/, format: split(3, ' '), example: 'VLT 1117' },
  NL: { compact: /^[1-9]\d{3}(?!SA|SD|SS)[A-Z]{2}$/, format: split(4, ' '), example: '1012 AB' },
  PL: { compact: d(5), format: split(2, '-'), example: '00-950' },
  PT: { compact: /^[1-9]\d{6}$/, format: split(4, '-'), example: '1000-001' },
  RO: { compact: d(6), example: '010011' },
  SK: { compact: /^[089]\d{4}$/, format: split(3, ' '), example: '811 01' },
  SI: { compact: /^[1-9]\d{3}$/, prefix: 'SI', example: '1000' },
  // Spain: the first two digits are the province, 01–52.
  ES: { compact: /^(?:0[1-9]|[1-4]\d|5[0-2])\d{3}$/, example: '08005' },
  SE: { compact: /^[1-9]\d{4}$/, format: split(3, ' '), prefix: 'SE', example: '111 22' },
  GB: {
    compact: /^(?:[A-PR-UWYZ][A-HK-Y]?\d[A-Z\d]?\d[ABD-HJLNP-UW-Z]{2}|GIR0AA)$/,
    format: (s) => `${s.slice(0, -3)} ${s.slice(-3)}`,
    example: 'SW1A 1AA',
  },
  NO: { compact: d(4), example: '0150' },
  CH: { compact: /^[1-9]\d{3}$/, prefix: 'CH', example: '8001' },
  TR: { compact: /^(?:0[1-9]|[1-7]\d|8[01])\d{3}$/, example: '34000' },
  US: { compact: /^\d{5}(?:\d{4})?$/, format: (s) => (s.length === 9 ? split(5, '-')(s) : s), example: '78745' },
  CA: {
    compact: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]\d[ABCEGHJ-NPRSTV-Z]\d$/,
    format: split(3, ' '),
    example: 'K1A 0B1',
  },
  MX: { compact: d(5), example: '06600' },
  BR: { compact: d(8), format: split(5, '-'), example: '01310-100' },
  // Argentina: the 8-character CPA (C1425DKF) or the older 4 digits.
  AR: { compact: /^(?:[A-HJ-NP-Z]\d{4}[A-Z]{3}|\d{4})$/, example: 'C1425DKF' },
  AU: { compact: d(4), example: '2000' },
  NZ: { compact: d(4), example: '6011' },
  ZA: { compact: d(4), example: '8001' },
  IS: { compact: d(3), example: '101' },
  JP: { compact: d(7), format: split(3, '-'), example: '100-0001' },
};

/** Countries without a rule: 1–10 letters and digits (spaces and hyphens allowed between them). */
const ANY_POSTAL_CODE = /^[A-Z0-9]{1,10}$/;

export type PostalCodeCheck = { ok: true; postalCode: string } | { ok: false };

/**
 * Checks a postal code for a country and returns it as written there (`1012ab` → `1012 AB` in NL, `sw1a1aa` →
 * `SW1A 1AA` in GB, `787451234` → `78745-1234` in the US).
 */
export function checkPostalCode(country: string, input: string): PostalCodeCheck {
  const raw = input.trim().toUpperCase().replace(/\s+/g, ' ');
  if (!raw || raw.length > 16) return { ok: false };
  let compact = raw.replace(/[\s-]/g, '');
  const rule = POSTAL_CODE_RULES[country.toUpperCase()];
  if (!rule) return ANY_POSTAL_CODE.test(compact) ? { ok: true, postalCode: raw } : { ok: false };
  if (rule.prefix && compact.startsWith(rule.prefix) && !rule.compact.test(compact)) {
    compact = compact.slice(rule.prefix.length);
  }
  if (!rule.compact.test(compact)) return { ok: false };
  return { ok: true, postalCode: rule.format ? rule.format(compact) : compact };
}

export function postalCodeExample(country: string): string | null {
  return POSTAL_CODE_RULES[country.toUpperCase()]?.example ?? null;
}

/** The 50 states and the District of Columbia, by USPS code. */
export const US_STATES = [
  'AL',
  'AK',
  'AZ',
  'AR',
  'CA',
  'CO',
  'CT',
  'DE',
  'DC',
  'FL',
  'GA',
  'HI',
  'ID',
  'IL',
  'IN',
  'IA',
  'KS',
  'KY',
  'LA',
  'ME',
  'MD',
  'MA',
  'MI',
  'MN',
  'MS',
  'MO',
  'MT',
  'NE',
  'NV',
  'NH',
  'NJ',
  'NM',
  'NY',
  'NC',
  'ND',
  'OH',
  'OK',
  'OR',
  'PA',
  'RI',
  'SC',
  'SD',
  'TN',
  'TX',
  'UT',
  'VT',
  'VA',
  'WA',
  'WV',
  'WI',
  'WY',
] as const;
export type UsState = (typeof US_STATES)[number];

export function isUsState(value: string): value is UsState {
  return (US_STATES as readonly string[]).includes(value);
}

/**
 * The 3-digit ZIP prefixes of each state (USPS sectional centers), as inclusive ranges. A ZIP outside them is not
 * a deliverable address in the 50 states and DC (territories and military post are not sold to).
 */
const ZIP_PREFIXES: Readonly<Record<UsState, ReadonlyArray<readonly [number, number]>>> = {
  AL: [[350, 369]],
  AK: [[995, 999]],
  AZ: [[850, 865]],
  AR: [[716, 729]],
  CA: [[900, 961]],
  CO: [[800, 816]],
  CT: [[60, 69]],
  DE: [[197, 199]],
  DC: [
    [200, 200],
    [202, 205],
    [569, 569],
  ],
  FL: [
    [320, 339],
    [341, 342],
    [344, 344],
    [346, 347],
    [349, 349],
  ],
  GA: [
    [300, 319],
    [398, 399],
  ],
  HI: [[967, 968]],
  ID: [[832, 838]],
  IL: [[600, 629]],
  IN: [[460, 479]],
  IA: [[500, 528]],
  KS: [[660, 679]],
  KY: [[400, 427]],
  LA: [[700, 714]],
  ME: [[39, 49]],
  MD: [[206, 219]],
  MA: [
    [10, 27],
    [55, 55],
  ],
  MI: [[480, 499]],
  MN: [[550, 567]],
  MS: [[386, 397]],
  MO: [[630, 658]],
  MT: [[590, 599]],
  NE: [[680, 693]],
  NV: [[889, 898]],
  NH: [[30, 38]],
  NJ: [[70, 89]],
  NM: [[870, 884]],
  NY: [
    [5, 5],
    [100, 149],
  ],
  NC: [[270, 289]],
  ND: [[580, 588]],
  OH: [[430, 459]],
  OK: [[730, 749]],
  OR: [[970, 979]],
  PA: [[150, 196]],
  RI: [[28, 29]],
  SC: [[290, 299]],
  SD: [[570, 577]],
  TN: [[370, 385]],
  TX: [
    [750, 799],
    [885, 885],
  ],
  UT: [[840, 847]],
  VT: [
    [50, 54],
    [56, 59],
  ],
  VA: [
    [201, 201],
    [220, 246],
  ],
  WA: [[980, 994]],
  WV: [[247, 268]],
  WI: [[530, 549]],
  WY: [[820, 831]],
};

/** The state a US ZIP code (5 or 9 digits) belongs to, or null when it is not a ZIP of the 50 states and DC. */
export function usStateOfZip(zip: string): UsState | null {
  const check = checkPostalCode('US', zip);
  if (!check.ok) return null;
  const prefix = Number(check.postalCode.slice(0, 3));
  for (const state of US_STATES) {
    if (ZIP_PREFIXES[state].some(([from, to]) => prefix >= from && prefix <= to)) return state;
  }
  return null;
}

/** Whether a US ZIP code lies in a state's ZIP prefixes. */
export function zipMatchesState(zip: string, state: string): boolean {
  const check = checkPostalCode('US', zip);
  if (!check.ok || !isUsState(state)) return false;
  const prefix = Number(check.postalCode.slice(0, 3));
  return ZIP_PREFIXES[state].some(([from, to]) => prefix >= from && prefix <= to);
}

export interface AddressParts {
  line1: string;
  line2?: string | undefined;
  postalCode: string;
  city: string;
  state?: string | undefined;
  country: string;
}

/** Countries that write "City STATE ZIP" (or "City POSTCODE") after the street, instead of "ZIP City". */
const CITY_FIRST = new Set(['US', 'CA', 'AU', 'GB', 'IE', 'MT', 'BR', 'AR', 'NZ', 'ZA', 'LV']);

/**
 * An address as the country writes it, one entry per printed line (empty parts left out), ending with the country's
 * name: `["Landsberger Str. 302", "80687 München", "Germany"]`; `["4501 S Congress Ave", "Austin, TX 78745", "USA"]`.
 */
export function addressLines(address: AddressParts, countryName: string): string[] {
  const state = address.state?.trim() ?? '';
  const city = address.city.trim();
  const lines = [address.line1.trim(), address.line2?.trim() ?? ''];
  if (CITY_FIRST.has(address.country)) {
    lines.push([city, [state, address.postalCode].filter(Boolean).join(' ')].filter(Boolean).join(', '));
  } else {
    lines.push([address.postalCode, city].filter(Boolean).join(' '), state);
  }
  lines.push(countryName);
  return lines.filter(Boolean);
}

/**
 * The one-line form of an address (the spec's `formatted_address`), as the country writes it, ending with the
 * country's name: `Landsberger Str. 302, 80687 München, Germany`; `4501 S Congress Ave, Austin, TX 78745, USA`.
 */
export function formatAddress(address: AddressParts, countryName: string): string {
  return addressLines(address, countryName).join(', ');
}
