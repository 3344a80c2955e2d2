import { add, allocate, type Dinero, dinero, multiply } from 'dinero.js';
import { type Currency, currencyOf, toMinor } from './currency.ts';

const money = (amount: number, currency: Currency) => dinero({ amount, currency });
const minor = toMinor;

export interface MarketPricing {
  currency: string;
  /** 'including': the listed prices include VAT (B2C in VAT markets); 'excluding': before sales tax (US, CA). */
  taxDisplay: 'including' | 'excluding';
  /** Standard VAT rate in basis points (1900 = 19 %). */
  vatRateBp: number;
  /** Deposit to reserve a bike, minor units. */
  deposit: number;
  /** Financing offer for the "from … per month" line, if the market has one. */
  finance?: { annualRatePercent: number; months: number } | null;
}

/**
 * The lender's financing offer by currency (demo terms): the configurator's "from … per month" line and the term the
 * financing step names ("ekho finances €12,000 over 48 months").
 */
export const FINANCE_OFFERS: Readonly<Record<string, { annualRatePercent: number; months: number }>> = {
  EUR: { annualRatePercent: 5.99, months: 48 },
  USD: { annualRatePercent: 6.99, months: 60 },
  GBP: { annualRatePercent: 7.9, months: 48 },
};

export interface ConfigurationPriceInput {
  /** The model's base price in the market, minor units, as listed (see taxDisplay). */
  basePrice: number;
  /** Price differences of the chosen options, minor units, as listed. */
  optionPrices: readonly number[];
  /** 0–100; a campaign or dealer discount. */
  discountPercentage?: number;
}

export interface ConfigurationPrice {
  currency: string;
  /** Base price plus options, before discount. */
  price: number;
  /** After the discount: what the buyer pays for the bike (before sales tax where taxDisplay is 'excluding'). */
  totalPrice: number;
  discountPercentage: number;
  /** VAT contained in totalPrice ('including'); 0 where tax is added at checkout. */
  vat: number;
  deposit: number;
  /** Monthly amount of the market's financing offer, rounded up to the cent; null without one. */
  financeFrom: number | null;
}

/** Spec section 3 "Pricing info": the price of a configuration in a market, in integer minor units. */
export function priceConfiguration(input: ConfigurationPriceInput, market: MarketPricing): ConfigurationPrice {
  const currency = currencyOf(market.currency);
  const discount = Math.min(100, Math.max(0, input.discountPercentage ?? 0));
  const gross = input.optionPrices.reduce((sum, p) => add(sum, money(p, currency)), money(input.basePrice, currency));
  // Percent with two decimals of precision: 12.5 % → 1250 / 10000.
  const kept = multiply(gross, { amount: Math.round((100 - discount) * 100), scale: 4 });
  const totalPrice = minor(kept);
  let vat = 0;
  if (market.taxDisplay === 'including' && market.vatRateBp > 0) {
    // Split the total into net and VAT in the ratio 10000 : rate, so the two parts always add up to the total.
    const [, vatPart] = allocate(money(totalPrice, currency), [10_000, market.vatRateBp]);
    vat = minor(vatPart as Dinero<number>);
  }
  return {
    currency: market.currency,
    price: minor(gross),
    totalPrice,
    discountPercentage: discount,
    vat,
    deposit: market.deposit,
    financeFrom: market.finance
      ? monthlyPayment(totalPrice, market.finance.annualRatePercent, market.finance.months)
      : null,
  };
}

/** Annuity: the fixed monthly payment that repays `principal` over `months` at the annual rate; cents rounded up. */
export function monthlyPayment(principal: number, annualRatePercent: number, months: number): number {
  if (months <= 0) throw new Error('months must be positive');
  const r = annualRatePercent / 100 / 12;
  const payment = r === 0 ? principal / months : (principal * r) / (1 - (1 + r) ** -months);
  return Math.ceil(payment - 1e-9);
}
