import type { Dinero } from 'dinero.js';
import { halfUp, toSnapshot, transformScale } from 'dinero.js';
import * as currencies from 'dinero.js/currencies';

// The dinero.js currency of an ISO code, and amounts back to integer minor units: shared by every money rule here.

export type Currency = (typeof currencies)[keyof typeof currencies];

export function currencyOf(code: string): Currency {
  const currency = (currencies as Record<string, Currency>)[code];
  if (!currency) throw new Error(`Unknown currency ${code}`);
  return currency;
}

/** Whether an ISO 4217 code is a currency dinero.js knows (an administrator's wallet credit, decision 044). */
export function isKnownCurrency(code: string): boolean {
  return Object.hasOwn(currencies, code);
}

/** An amount in the currency's minor units, rounded half up from any finer scale. */
export function toMinor(d: Dinero<number>): number {
  return toSnapshot(transformScale(d, toSnapshot(d).currency.exponent, halfUp)).amount;
}
