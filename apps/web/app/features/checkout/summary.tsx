// The checkout's order summary: lines, subtotal, shipping, tax (VAT included, sales tax added, reverse charge), total,
// what is due now and later, the delivery date. Amounts come priced from the API; nothing is computed here but sums.
import { formatPercent } from '@varg/i18n';
import { formatIsoDate, money, useLocaleTag } from '../../lib/format.ts';
import { useTranslation } from '../../lib/i18n.ts';
import type { CheckoutData } from './types.ts';

export function Summary({ setup }: { setup: CheckoutData }) {
  const { t } = useTranslation();
  const tag = useLocaleTag();
  const m = (amount: number) => money(amount, setup.currency, tag);
  const { taxes } = setup.pricing;
  return (
    <section aria-labelledby="summary" className="rounded-2xl bg-neutral-100 p-6">
      <h2 id="summary" className="text-lg font-semibold">
        {t('checkout_summary')}
      </h2>
      <ul className="mt-4 divide-y divide-neutral-200">
        {setup.lines.map((line) => (
          <li key={line.id} className="flex justify-between gap-4 py-3 text-sm">
            <span>
              {line.quantity} × {line.name || t(line.nameKey)}
              {!line.available ? <span className="block text-red-700">{t('checkout_line_unavailable')}</span> : null}
            </span>
            <span className="shrink-0">{m(line.total)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-4 grid grid-cols-[1fr_auto] gap-y-1.5 text-sm">
        <dt>{t('checkout_subtotal')}</dt>
        <dd className="text-right">{m(setup.pricing.subtotal)}</dd>
        <dt>{t('checkout_shipping')}</dt>
        <dd className="text-right">{setup.pricing.shipping ? m(setup.pricing.shipping) : t('checkout_free')}</dd>
        {taxes.reverseCharge ? (
          <>
            <dt>{t('checkout_reverse_charge')}</dt>
            <dd className="text-right">{m(0)}</dd>
          </>
        ) : taxes.strategy.displayExcludingTaxes && taxes.errorCode === 'INVALID_POSTAL_CODE' ? (
          // No state or ZIP code yet: the tax is not known, rather than 0 %.
          <>
            <dt>{t('checkout_sales_tax_title')}</dt>
            <dd className="text-right text-neutral-600">{t('checkout_tax_after_address')}</dd>
          </>
        ) : (
          <>
            <dt>
              {taxes.strategy.displayExcludingTaxes
                ? t('checkout_sales_tax', { rate: formatPercent(tag, taxes.rateBp / 100) })
                : t('checkout_vat_included', { rate: formatPercent(tag, taxes.rateBp / 100) })}
            </dt>
            <dd className="text-right">{m(taxes.amount)}</dd>
          </>
        )}
        <dt className="border-t border-neutral-300 pt-2 text-base font-bold">{t('checkout_total')}</dt>
        <dd className="border-t border-neutral-300 pt-2 text-right text-base font-bold" data-testid="checkout-total">
          {m(setup.pricing.total)}
        </dd>
        {setup.pricing.walletDiscount > 0 ? (
          <>
            <dt>{t('checkout_wallet_applied')}</dt>
            <dd className="text-right">−{m(setup.pricing.walletDiscount)}</dd>
          </>
        ) : null}
        {setup.pricing.toPay !== setup.pricing.total ? (
          <>
            <dt className="font-semibold">{t('checkout_due_now')}</dt>
            <dd className="text-right font-semibold" data-testid="checkout-due-now">
              {m(setup.pricing.toPay)}
            </dd>
            <dt className="text-neutral-600">{t('checkout_due_later')}</dt>
            <dd className="text-right text-neutral-600">
              {m(setup.pricing.total - setup.pricing.toPay - setup.pricing.walletDiscount)}
            </dd>
          </>
        ) : null}
      </dl>
      {taxes.noteKey ? <p className="mt-3 text-xs text-neutral-600">{t(taxes.noteKey)}</p> : null}
      {setup.deliveryDate ? (
        <p className="mt-3 text-sm text-neutral-700">
          {t('configurator_delivery', {
            date: formatIsoDate(setup.deliveryDate, tag),
          })}
        </p>
      ) : null}
    </section>
  );
}
