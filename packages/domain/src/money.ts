// Money is integer minor units with an ISO currency; formatting follows spec section 5.

export interface Money {
  /** Integer minor units (cents). */
  amount: number;
  currency: string;
}

export const DEFAULT_FRACTION_DIGITS = 2;

/** Intl.NumberFormat is costly to build and formats are few (locale × currency): each is built once. */
const FORMATS = new Map<string, Intl.NumberFormat>();
function currencyFormat(locale: string, currency: string, fractionDigits: number): Intl.NumberFormat {
  const key = `${locale}|${currency}|${fractionDigits}`;
  let format = FORMATS.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    });
    // Keys come from the code's locales and currencies, but stay bounded all the same.
    if (FORMATS.size < 2_000) FORMATS.set(key, format);
  }
  return format;
}

/**
 * Formats an amount in major units with the currency, 2 decimals by default. When the currency is not one `Intl`
 * knows, shows the plain number and the code (`12.00 XYZ1`).
 */
export function formatCurrency(
  value: number,
  currency: string,
  locale: string,
  fractionDigits: number = DEFAULT_FRACTION_DIGITS,
): string {
  try {
    return currencyFormat(locale, currency, fractionDigits).format(value);
  } catch {
    const number = new Intl.NumberFormat(safeLocale(locale), {
      minimumFractionDigits: fractionDigits,
      maximumFractionDigits: fractionDigits,
    }).format(value);
    return `${number} ${currency}`;
  }
}

/** Formats integer minor units (2-decimal currencies). */
export function formatMoney(money: Money, locale: string): string {
  return formatCurrency(money.amount / 100, money.currency, locale);
}

function safeLocale(locale: string): string {
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? 'en-US';
  } catch {
    return 'en-US';
  }
}

/**
 * A decimal amount as typed in a form (`1234.5`, `1234,50`, `1234`) in integer minor units (2 decimals), or null when
 * it is not one. No thousands separators: a number field sends the plain number.
 */
export function minorUnitsFromDecimal(text: string): number | null {
  const m = /^\s*(\d{1,9})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}
