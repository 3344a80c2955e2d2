import { allocate, type Dinero, dinero, halfUp, multiply, toSnapshot, transformScale } from 'dinero.js';
import { checkPostalCode, isUsState, usStateOfZip, zipMatchesState } from './address.ts';
import { type Currency, currencyOf } from './currency.ts';
import { US_STATE_BASE_RATES } from './us-sales-tax.ts';

// Tax of an order (DESIGN.md section 5, "tax: built-in rules"; docs/decisions/013-tax-and-addresses.md). The seller
// is Stark Future S.L. in Spain. Pure: the API looks up the market and checks the VAT id, then calls this.

export const SELLER_COUNTRY = 'ES';

/** The 27 EU member states (ISO codes; Greece is GR here, EL only in VAT numbers). */
export const EU_MEMBER_STATES = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
] as const;

export function isEuMember(country: string): boolean {
  return (EU_MEMBER_STATES as readonly string[]).includes(country);
}

/** Who buys: a private person, a company, or one of our dealers. */
export const CUSTOMER_TYPES = ['B2C', 'B2B', 'Dealer'] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];
/** 'including': a market's list prices contain VAT; 'excluding': tax comes on top (US, CA, BR). */
export const TAX_DISPLAYS = ['including', 'excluding'] as const;
export type TaxDisplay = (typeof TAX_DISPLAYS)[number];

/**
 * What the checkout must verify (the spec's `verifyTaxStrategy`):
 * - `b2c_validate_customer_tax_id`: every buyer gives a personal tax id, private buyers too (Brazil: the CPF, printed
 *   on the invoice); the checkout requires it and checks it with `checkCustomerTaxId`.
 * - `b2b_validate_company_vat_id`: the country's `shouldVerifyCompanyTaxes`; a company buyer's VAT id is checked
 *   through `GET /v1/company/validate-vat-number` (in the EU a valid one from another member state than Spain means
 *   reverse charge).
 * - `none`: no tax id is asked for.
 */
export const VERIFY_TAX_STRATEGIES = ['none', 'b2b_validate_company_vat_id', 'b2c_validate_customer_tax_id'] as const;
export type VerifyTaxStrategy = (typeof VERIFY_TAX_STRATEGIES)[number];

/**
 * - `eu_vat`: EU destination, the destination's standard rate (B2C distance sales, and B2B in Spain or without a
 *   valid VAT id).
 * - `eu_reverse_charge`: EU company with a valid VAT id from another member state than Spain: no VAT.
 * - `vat`: outside the EU, the country's rate as listed (a simplification of export + import VAT, decision 013).
 * - `us_sales_tax`: US state base rate, added to prices shown before tax.
 * - `sales_tax`: another market whose prices exclude tax, at its listed national rate (Canada: GST only).
 * - `not_collected`: a market whose prices exclude tax and that has no rate (Brazil): tax 0, collected on delivery.
 */
export const TAX_REGIMES = [
  'eu_vat',
  'eu_reverse_charge',
  'vat',
  'us_sales_tax',
  'sales_tax',
  'not_collected',
] as const;
export type TaxRegime = (typeof TAX_REGIMES)[number];

export const TAX_ERROR_CODES = ['INVALID_POSTAL_CODE', 'CUSTOMER_TAX_ID_INVALID'] as const;
export type TaxErrorCode = (typeof TAX_ERROR_CODES)[number];

export const TAX_ERRORS: Readonly<Record<TaxErrorCode | 'POSTAL_CODE_STATE_MISMATCH', string>> = {
  INVALID_POSTAL_CODE: 'tax_error_postal_code_invalid',
  POSTAL_CODE_STATE_MISMATCH: 'tax_error_postal_code_state',
  CUSTOMER_TAX_ID_INVALID: 'tax_error_customer_tax_id_invalid',
};

export const TAX_NOTES = {
  reverseCharge: 'tax_note_reverse_charge',
  usStateRateOnly: 'tax_note_us_state_rate_only',
  nationalRateOnly: 'tax_note_national_rate_only',
  notCollected: 'tax_note_not_collected',
} as const;

/** The destination market, as the countries table has it. */
export interface TaxMarket {
  code: string;
  currency: string;
  taxDisplay: TaxDisplay;
  /** Standard VAT rate, basis points (1900 = 19 %). */
  vatRateBp: number;
  shouldVerifyCompanyTaxes: boolean;
}

export interface TaxLineInput {
  /** Price of one unit in minor units, as listed (see taxDisplay). */
  amount: number;
  quantity: number;
  /** 'including': the amount contains the destination's VAT; 'excluding': tax comes on top. */
  taxDisplay: TaxDisplay;
  /** The caller's name for the line (a cart line id, `shipping`), echoed back. */
  ref?: string | undefined;
}

export interface TaxInput {
  market: TaxMarket;
  /** US: the state (USPS code); derived from the ZIP code when left out. */
  state?: string | null | undefined;
  postalCode?: string | null | undefined;
  customerType: CustomerType;
  /** The buyer's company VAT id, already checked by the VAT id provider, and the country that issued it. */
  vatId?: { country: string; valid: boolean } | null | undefined;
  /** The buyer's personal tax id where the strategy asks for one (Brazil: CPF). */
  customerTaxId?: string | null | undefined;
  lines: readonly TaxLineInput[];
}

export interface TaxLineResult {
  ref?: string | undefined;
  quantity: number;
  /** amount × quantity, as given. */
  listed: number;
  /** Without tax. */
  net: number;
  tax: number;
  /** What the buyer pays for the line: net + tax. */
  total: number;
}

export interface TaxCalculation {
  country: string;
  currency: string;
  regime: TaxRegime;
  /** The rate applied, basis points (may have a half for US states: 687.5); 0 under reverse charge. */
  rateBp: number;
  reverseCharge: boolean;
  /** Tax of the whole order, minor units: contained in the prices ('including') or added to them. */
  amount: number;
  net: number;
  /** What the buyer pays: net + amount. */
  total: number;
  /** The US state whose rate applied. */
  state: string | null;
  error: { code: TaxErrorCode; t_key: string } | null;
  /** How the checkout shows it (spec section 3, pricing.taxes.strategy). */
  strategy: { displayExcludingTaxes: boolean; displayTaxes: boolean };
  verifyTaxStrategy: VerifyTaxStrategy;
  /** Whether this buyer must give a personal tax id (b2c_validate_customer_tax_id). */
  customerTaxIdRequired: boolean;
  /** A catalog key to print with the taxes (reverse charge's legal note, "local taxes not included", …). */
  noteKey: string | null;
  lines: TaxLineResult[];
}

/** Rates are thousandths of a percent: 19 % = 19 000, 6.875 % = 6 875; 100 % = 100 000. */
const RATE_SCALE = 100_000;
const bpToRate = (bp: number) => Math.round(bp * 10);
const rateToBp = (rate: number) => rate / 10;

const minorOf = (d: Dinero<number>) => toSnapshot(d).amount;
const atScale = (d: Dinero<number>, scale: number) => transformScale(d, scale, halfUp);

/** Tax contained in `gross` at `rate`, rounded half up to the minor unit: gross × rate / (100 % + rate). */
function containedTax(gross: number, rate: number, currency: Currency): number {
  if (gross === 0 || rate === 0) return 0;
  // Split at 4 more decimals, then round: allocate alone would always round the tax down.
  const precise = atScale(dinero({ amount: gross, currency }), currency.exponent + 4);
  const [, tax] = allocate(precise, [RATE_SCALE, rate]) as [Dinero<number>, Dinero<number>];
  return minorOf(atScale(tax, currency.exponent));
}

/** Tax on top of `net` at `rate`, rounded half up to the minor unit. */
function addedTax(net: number, rate: number, currency: Currency): number {
  if (net === 0 || rate === 0) return 0;
  const tax = multiply(dinero({ amount: net, currency }), { amount: rate, scale: 5 });
  return minorOf(atScale(tax, currency.exponent));
}

/** Spreads a group's tax over its lines in proportion to their amounts, so the lines add up to it exactly. */
function spread(total: number, weights: readonly number[], currency: Currency): number[] {
  if (total === 0 || weights.every((w) => w === 0)) return weights.map(() => 0);
  return allocate(dinero({ amount: total, currency }), [...weights]).map(minorOf);
}

/** Markets where every buyer, private ones too, gives a personal tax id, and its kind. */
export const CUSTOMER_TAX_ID_COUNTRIES: Readonly<Record<string, 'cpf'>> = { BR: 'cpf' };

export function verifyTaxStrategyOf(market: Pick<TaxMarket, 'code' | 'shouldVerifyCompanyTaxes'>): VerifyTaxStrategy {
  if (CUSTOMER_TAX_ID_COUNTRIES[market.code]) return 'b2c_validate_customer_tax_id';
  return market.shouldVerifyCompanyTaxes ? 'b2b_validate_company_vat_id' : 'none';
}

/** Brazil's CPF: 11 digits (punctuation allowed) with two mod-11 check digits; all-equal digits are invalid. */
export function isValidCpf(input: string): boolean {
  if (!/^[\d.\-\s]+$/.test(input)) return false;
  const digits = input.replace(/\D/g, '');
  if (digits.length !== 11 || /^(\d)\1{10}$/.test(digits)) return false;
  const n = [...digits].map(Number);
  const check = (length: number) => {
    let sum = 0;
    for (let i = 0; i < length; i++) sum += (n[i] ?? 0) * (length + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === n[9] && check(10) === n[10];
}

/** Checks a personal tax id for a country that asks for one; true where none is asked for. */
export function checkCustomerTaxId(country: string, id: string): boolean {
  const kind = CUSTOMER_TAX_ID_COUNTRIES[country];
  if (!kind) return true;
  return isValidCpf(id);
}

function validateLines(lines: readonly TaxLineInput[]) {
  for (const line of lines) {
    if (!Number.isSafeInteger(line.amount) || line.amount < 0) throw new Error('line amount must be minor units ≥ 0');
    if (!Number.isSafeInteger(line.quantity) || line.quantity < 1) throw new Error('line quantity must be ≥ 1');
  }
}

/**
 * The tax of an order shipped to `market`:
 * - EU: the destination's standard VAT rate (B2C; B2B in Spain; B2B without a valid VAT id). A company with a valid
 *   VAT id from another member state than Spain, shipped to another member state than Spain, is reverse charged:
 *   it pays the net (the price without the VAT it contained) and VAT 0.
 * - US: the state base rate on prices shown before tax; a missing, malformed or other state's ZIP code is an error
 *   whose text says the postal code is invalid (spec section 5).
 * - Elsewhere: the country's listed rate; a market whose prices exclude tax and that has no rate pays 0 here.
 * Lines are summed per taxDisplay, the tax computed on the sum (rounded half up to the minor unit) and spread back
 * over the lines, so net + tax = total on every line and on the order.
 */
export function calculateTax(input: TaxInput): TaxCalculation {
  const { market } = input;
  validateLines(input.lines);
  const currency = currencyOf(market.currency);
  const country = market.code.toUpperCase();
  const verifyTaxStrategy = verifyTaxStrategyOf({
    code: country,
    shouldVerifyCompanyTaxes: market.shouldVerifyCompanyTaxes,
  });
  const customerTaxIdRequired = verifyTaxStrategy === 'b2c_validate_customer_tax_id';
  const isCompany = input.customerType !== 'B2C';

  let regime: TaxRegime;
  let rate = 0;
  let state: string | null = null;
  let error: TaxCalculation['error'] = null;
  let noteKey: string | null = null;

  if (isEuMember(country)) {
    const vatCountry = input.vatId?.country.toUpperCase() ?? '';
    const reverse =
      isCompany &&
      country !== SELLER_COUNTRY &&
      input.vatId?.valid === true &&
      isEuMember(vatCountry) &&
      vatCountry !== SELLER_COUNTRY;
    regime = reverse ? 'eu_reverse_charge' : 'eu_vat';
    // The listed prices contain the destination's VAT either way; reverse charge takes it out.
    rate = bpToRate(market.vatRateBp);
    if (reverse) noteKey = TAX_NOTES.reverseCharge;
  } else if (country === 'US') {
    regime = 'us_sales_tax';
    noteKey = TAX_NOTES.usStateRateOnly;
    const zip = input.postalCode?.trim() ?? '';
    const given = input.state?.trim().toUpperCase() ?? '';
    const zipState = zip && checkPostalCode('US', zip).ok ? usStateOfZip(zip) : null;
    if (!zipState) {
      error = { code: 'INVALID_POSTAL_CODE', t_key: TAX_ERRORS.INVALID_POSTAL_CODE };
    } else if (given && !(isUsState(given) && zipMatchesState(zip, given))) {
      error = { code: 'INVALID_POSTAL_CODE', t_key: TAX_ERRORS.POSTAL_CODE_STATE_MISMATCH };
    } else {
      state = given || zipState;
      rate = US_STATE_BASE_RATES[state as keyof typeof US_STATE_BASE_RATES] ?? 0;
    }
  } else if (market.taxDisplay === 'including') {
    regime = 'vat';
    rate = bpToRate(market.vatRateBp);
  } else if (market.vatRateBp > 0) {
    regime = 'sales_tax';
    rate = bpToRate(market.vatRateBp);
    noteKey = TAX_NOTES.nationalRateOnly;
  } else {
    regime = 'not_collected';
    noteKey = TAX_NOTES.notCollected;
  }

  if (!error && customerTaxIdRequired && input.customerTaxId && !checkCustomerTaxId(country, input.customerTaxId)) {
    error = { code: 'CUSTOMER_TAX_ID_INVALID', t_key: TAX_ERRORS.CUSTOMER_TAX_ID_INVALID };
  }

  const reverseCharge = regime === 'eu_reverse_charge';
  const lines: TaxLineResult[] = input.lines.map((l) => {
    const listed = l.amount * l.quantity;
    return {
      ...(l.ref !== undefined ? { ref: l.ref } : {}),
      quantity: l.quantity,
      listed,
      net: listed,
      tax: 0,
      total: listed,
    };
  });

  for (const display of ['including', 'excluding'] as const) {
    const indexes = input.lines.flatMap((l, i) => (l.taxDisplay === display ? [i] : []));
    if (indexes.length === 0) continue;
    const weights = indexes.map((i) => lines[i]?.listed ?? 0);
    const sum = weights.reduce((a, b) => a + b, 0);
    if (display === 'including') {
      const contained = spread(containedTax(sum, rate, currency), weights, currency);
      indexes.forEach((lineIndex, k) => {
        const line = lines[lineIndex] as TaxLineResult;
        const tax = contained[k] ?? 0;
        line.net = line.listed - tax;
        line.tax = reverseCharge ? 0 : tax;
        line.total = line.net + line.tax;
      });
    } else {
      const added = reverseCharge ? weights.map(() => 0) : spread(addedTax(sum, rate, currency), weights, currency);
      indexes.forEach((lineIndex, k) => {
        const line = lines[lineIndex] as TaxLineResult;
        line.net = line.listed;
        line.tax = added[k] ?? 0;
        line.total = line.net + line.tax;
      });
    }
  }

  const net = lines.reduce((s, l) => s + l.net, 0);
  const amount = lines.reduce((s, l) => s + l.tax, 0);
  const excluding = market.taxDisplay === 'excluding' || reverseCharge;
  return {
    country,
    currency: market.currency,
    regime,
    rateBp: reverseCharge ? 0 : rateToBp(rate),
    reverseCharge,
    amount,
    net,
    total: net + amount,
    state,
    error,
    strategy: {
      // Prices shown before tax, the tax as its own line (US, CA, reverse charge); else "incl. VAT".
      displayExcludingTaxes: excluding,
      displayTaxes: regime !== 'not_collected',
    },
    verifyTaxStrategy,
    customerTaxIdRequired,
    noteKey,
    lines,
  };
}
