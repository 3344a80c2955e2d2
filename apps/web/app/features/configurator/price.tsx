// Prices as the configurator and the pre-summary show them: the total with its tax note, deposit, finance-from
// and delivery date. Amounts are integer minor units from the API; nothing is computed here.
import type { PricingInfo } from '@varg/contracts';
import { formatIsoDate, money } from '../../lib/format.ts';
import type { TFunction } from '../../lib/i18n.ts';

/** An option's price difference: "Included", or "+€1,000.00". */
export function optionPrice(amount: number, currency: string, tag: string, t: TFunction): string {
  return amount === 0 ? t('configurator_included') : `+${money(amount, currency, tag)}`;
}

/** "Including €2,243.70 VAT" where prices contain VAT; "Excluding sales tax" where tax is added at checkout (US). */
export function taxNote(pricing: PricingInfo, tag: string, t: TFunction): string {
  return pricing.taxDisplay === 'including'
    ? t('price_incl_vat', { vat: money(pricing.discountedVat, pricing.currencyCode, tag) })
    : t('price_excl_tax');
}

/** The deposit, finance-from and delivery lines under a total. */
export function PriceFacts({ pricing, tag, t }: { pricing: PricingInfo; tag: string; t: TFunction }) {
  return (
    <ul className="mt-4 space-y-1.5 text-sm text-neutral-700">
      <li>{t('configurator_deposit', { amount: money(pricing.deposit.amount, pricing.currencyCode, tag) })}</li>
      {pricing.financeFrom ? (
        <li>{t('configurator_finance', { amount: money(pricing.financeFrom.amount, pricing.currencyCode, tag) })}</li>
      ) : null}
      <li>{t('configurator_delivery', { date: formatIsoDate(pricing.deliveryDate, tag) })}</li>
    </ul>
  );
}
