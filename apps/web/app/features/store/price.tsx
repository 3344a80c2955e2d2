import type { StorePrice } from '@varg/contracts';
import { formatPercent } from '@varg/i18n';
import { money, useLocaleTag } from '../../lib/format.ts';
import { useTranslation } from '../../lib/i18n.ts';

/** The price as shown in the visitor's country, with what it contains (VAT) or leaves out (sales tax). */
export function Price({ price }: { price: StorePrice | null }) {
  const { t } = useTranslation();
  const tag = useLocaleTag();
  if (!price) return <p className="text-sm text-neutral-700">{t('store_price_unavailable')}</p>;
  const rate = formatPercent(tag, price.vat_percentage);
  return (
    <div>
      <p className="flex flex-wrap items-baseline gap-x-2">
        <span className="text-2xl font-bold tracking-tight">{money(price.total, price.currency, tag)}</span>
        {price.discount_percentage > 0 && (
          <span className="rounded-full bg-lime-300 px-2 py-0.5 text-xs font-semibold text-neutral-950">
            {t('store_discount', { percent: formatPercent(tag, price.discount_percentage) })}
          </span>
        )}
      </p>
      <p className="text-xs text-neutral-600">
        {price.vat_percentage > 0 ? t('store_price_incl_vat', { rate }) : t('store_price_before_tax')}
      </p>
    </div>
  );
}
