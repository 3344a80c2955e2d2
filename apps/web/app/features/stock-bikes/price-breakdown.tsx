import { useFormat } from '../../lib/format.ts';
import { useTranslation } from '../../lib/i18n.ts';
import type { OptionGroup } from './query.ts';
import type { StockBike } from './types.ts';

/**
 * Base price, each option's price difference, any discount and the total, with what the total contains (VAT) or
 * leaves out (sales tax, added at checkout). Amounts are the API's integer minor units, formatted, never computed.
 */
export function PriceBreakdown({
  pricing,
  modelName,
  lines,
}: {
  pricing: StockBike['pricing'];
  modelName: string;
  lines: Array<{ group: OptionGroup; option: OptionGroup['options'][number] }>;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const currencyCode = pricing.currencyCode;
  const money = (amount: number) => format.price({ amount, currencyCode });
  const discount = pricing.discountedPrice - pricing.totalPrice;
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{t('stock_price_title')}</caption>
      <thead className="sr-only">
        <tr>
          <th scope="col">{t('stock_price_item')}</th>
          <th scope="col">{t('stock_price_amount')}</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-neutral-200">
        <tr>
          <th scope="row" className="py-2.5 pr-4 font-medium">
            {t('stock_base_price', { model: modelName })}
          </th>
          <td className="py-2.5 text-right tabular-nums">{money(pricing.basePrice)}</td>
        </tr>
        {lines.map(({ group, option }) => (
          <tr key={group.group}>
            <th scope="row" className="py-2.5 pr-4 font-normal">
              <span className="text-neutral-600">{t(group.nameKey)}:</span> {t(option.nameKey)}
            </th>
            <td className="py-2.5 text-right whitespace-nowrap tabular-nums">
              {option.price.amount === 0
                ? t('stock_price_included')
                : `${option.price.amount > 0 ? '+' : ''}${format.price(option.price)}`}
            </td>
          </tr>
        ))}
        {discount !== 0 && (
          <tr>
            <th scope="row" className="py-2.5 pr-4 font-normal">
              {t('stock_discount', { percent: format.percent(pricing.discountPercentage) })}
            </th>
            <td className="py-2.5 text-right whitespace-nowrap tabular-nums">{money(discount)}</td>
          </tr>
        )}
      </tbody>
      <tfoot className="border-t-2 border-neutral-900">
        <tr>
          <th scope="row" className="pt-3 pr-4 text-base font-bold">
            {t('stock_total')}
          </th>
          <td className="pt-3 text-right text-base font-bold whitespace-nowrap tabular-nums">
            {money(pricing.discountedPrice)}
          </td>
        </tr>
        <tr>
          <td colSpan={2} className="pt-1 text-right text-neutral-600">
            {pricing.taxDisplay === 'including'
              ? t('stock_vat_included', { amount: money(pricing.discountedVat) })
              : t('stock_tax_at_checkout')}
          </td>
        </tr>
      </tfoot>
    </table>
  );
}
