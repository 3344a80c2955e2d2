// How a saved payment card is shown (spec: "Saved card: id, brand (upper case), expiration (MM/YYYY), number (last 4
// digits, padded)" and "Card number display: padded to 19 characters; expiry month padded to 2 digits").

/** A saved card as the API answers it (`GET /v1/stripe/cards`). */
export interface SavedCard {
  id: string;
  brand: string;
  exp_month: number;
  exp_year: number;
  last4: string;
}

/** The card number as its last four digits, padded to 19 characters: `4242` → `**** **** **** 4242`. */
export function maskedCardNumber(last4: string): string {
  const digits = last4.replace(/\D/g, '').slice(-4);
  return digits.padStart(16, '*').replace(/(.{4})(?=.)/g, '$1 ');
}

/** The expiry as MM/YYYY: `(3, 2031)` → `03/2031`; a two-digit year is this century's. */
export function cardExpiry(month: number, year: number): string {
  const fullYear = year < 100 ? 2000 + year : year;
  return `${String(month).padStart(2, '0')}/${fullYear}`;
}

/** The brand as shown: upper case (`visa` → `VISA`). */
export function cardBrandLabel(brand: string): string {
  return brand.trim().toUpperCase();
}

/** An expiry typed as MM/YY or MM/YYYY (`12/34`, `1 / 2034`); null when it cannot be read or the month is not 1–12. */
export function parseCardExpiry(input: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(input);
  if (!match) return null;
  const month = Number(match[1]);
  const year = Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { month, year: year < 100 ? 2000 + year : year };
}
