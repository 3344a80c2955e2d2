// The configurator's summary beside the options: the bike in its colour, the total with its tax note, base price and
// options, deposit, finance-from and delivery, the configuration code, "continue" and "copy link"; on a phone a bar
// keeps the total and the next step in reach. Also the product's structured data for search engines.

import type { CatalogImage, PricingInfo } from '@varg/contracts';
import { Loader2 } from 'lucide-react';
import { __iconData as link2Icon } from 'lucide-react/icons/link-2';
import { Link } from 'react-router';
import { money, useLocaleTag } from '../../lib/format.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { decimalAmount, JsonLd } from '../../lib/json-ld.tsx';
import { useLocalePath } from '../../lib/use-locale.ts';
import { buttonClass } from '../../ui/button.ts';
import { staticIcon } from '../../ui/icon.tsx';
import { ModelPicture } from '../../ui/model-picture.tsx';
import { bikeColor } from '../bike/colors.ts';
import { PriceFacts, taxNote } from './price.tsx';
import type { Choice } from './selection.ts';

const Link2 = staticIcon(link2Icon);

export function SummaryPanel({
  model,
  modelName,
  cover,
  choice,
  pricing,
  unavailable,
  updating,
  summaryHref,
  onCopy,
}: {
  model: string;
  modelName: string;
  /** The model's cover image; null: the drawing in the chosen colour. */
  cover: CatalogImage | null;
  choice: Choice;
  pricing: PricingInfo | null;
  unavailable: boolean;
  updating: boolean;
  /** The pre-summary of this bike; null in builder edit mode. */
  summaryHref: string | null;
  /** Copies the page's link; null before hydration (no button then). */
  onCopy: (() => void) | null;
}) {
  const { t } = useTranslation();
  const tag = useLocaleTag();
  const to = useLocalePath();
  const optionsTotal = pricing ? pricing.price.amount - pricing.basePrice : 0;
  return (
    <aside aria-labelledby="summary" className="lg:sticky lg:top-6 lg:order-2 lg:self-start">
      <div className="rounded-2xl bg-neutral-100 p-6">
        <h2 id="summary" className="sr-only">
          {t('configurator_summary')}
        </h2>
        <ModelPicture
          image={cover}
          name={modelName}
          color={bikeColor(Object.values(choice))}
          title={t('bike_illustration', { model: modelName })}
          sizes="(min-width: 1024px) 24rem, 100vw"
          className="w-full text-neutral-700"
        />
        <div aria-live="polite" aria-busy={updating} className={updating ? 'opacity-60' : ''}>
          {pricing ? (
            <>
              <p className="mt-4 text-sm text-neutral-600">{t('configurator_total')}</p>
              <p className="text-3xl font-bold tracking-tight" data-testid="total-price">
                {money(pricing.discountedPrice, pricing.currencyCode, tag)}
              </p>
              <p className="text-sm text-neutral-600">{taxNote(pricing, tag, t)}</p>
              <dl className="mt-4 grid grid-cols-2 gap-y-1 text-sm">
                <dt className="text-neutral-600">{t('configurator_base_price')}</dt>
                <dd className="text-right">{money(pricing.basePrice, pricing.currencyCode, tag)}</dd>
                <dt className="text-neutral-600">{t('configurator_options_total')}</dt>
                <dd className="text-right">{money(optionsTotal, pricing.currencyCode, tag)}</dd>
              </dl>
              <PriceFacts pricing={pricing} tag={tag} t={t} />
              <p className="mt-4 text-xs text-neutral-600">
                {t('configurator_code')}: <span className="font-mono">{pricing.hash}</span>
              </p>
            </>
          ) : (
            <p className="mt-4 font-medium">
              {unavailable ? t('configurator_unavailable') : t('configurator_conflict_price')}
            </p>
          )}
          {updating ? (
            <p className="mt-2 flex items-center gap-2 text-sm">
              <Loader2 size={16} className="animate-spin" aria-hidden="true" />
              {t('configurator_updating')}
            </p>
          ) : null}
        </div>
        <div className="mt-6 flex flex-col gap-3">
          {pricing && summaryHref ? (
            <div className="hidden lg:grid">
              <Link to={summaryHref} className={buttonClass.primary}>
                {t('configurator_continue')}
              </Link>
            </div>
          ) : null}
          <button type="button" onClick={onCopy ?? undefined} className={buttonClass.secondary} hidden={!onCopy}>
            <Link2 size={16} aria-hidden="true" />
            {t('configurator_copy_link')}
          </button>
        </div>
      </div>
      <p className="mt-4 text-sm">
        <Link to={`${to('/varg/stock-bikes')}?model=${model}`} className="underline underline-offset-2">
          {t('configurator_stock_link', { model: modelName })}
        </Link>
      </p>
    </aside>
  );
}

/** On small screens the total and the next step stay in reach. */
export function MobileTotal({ pricing, summaryHref }: { pricing: PricingInfo | null; summaryHref: string | null }) {
  const { t } = useTranslation();
  const tag = useLocaleTag();
  return (
    <div className="fixed inset-x-0 bottom-0 z-20 border-t border-neutral-200 bg-white/95 px-4 py-3 backdrop-blur lg:hidden">
      <div className="mx-auto flex max-w-7xl items-center justify-between gap-4">
        <div>
          <p className="text-xs text-neutral-600">{t('configurator_total')}</p>
          <p className="font-bold">{pricing ? money(pricing.discountedPrice, pricing.currencyCode, tag) : '—'}</p>
        </div>
        {pricing && summaryHref ? (
          <Link to={summaryHref} className={buttonClass.primary}>
            {t('configurator_continue')}
          </Link>
        ) : null}
      </div>
    </div>
  );
}

/** The configured bike as a schema.org Product with its offer. */
export function ProductJsonLd({
  model,
  modelName,
  pricing,
  url,
}: {
  model: string;
  modelName: string;
  pricing: PricingInfo;
  url: string;
}) {
  return (
    <JsonLd
      data={{
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: modelName,
        brand: { '@type': 'Brand', name: 'Stark Future' },
        sku: `${model}-${pricing.hash}`,
        category: 'Electric motorcycle',
        offers: {
          '@type': 'Offer',
          price: decimalAmount(pricing.discountedPrice),
          priceCurrency: pricing.currencyCode,
          availability: 'https://schema.org/PreOrder',
          url,
        },
      }}
    />
  );
}
