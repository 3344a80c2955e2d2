import { localizedPath } from '@varg/domain';
import { interpolate } from '@varg/i18n';
import { ArrowLeft, CalendarCheck, Wallet } from 'lucide-react';
import { Link, redirect } from 'react-router';
import { bikeColor } from '../features/bike/colors.ts';
import { AddToCartButton, CartForm, useCartFetcher } from '../features/cart/cart-form.tsx';
import { PriceBreakdown } from '../features/stock-bikes/price-breakdown.tsx';
import {
  chosenOptions,
  listSearchFrom,
  parseModel,
  STOCK_LIST_PATH,
  STOCK_MODELS,
  stockSearch,
} from '../features/stock-bikes/query.ts';
import { InStockBadge } from '../features/stock-bikes/stock-bike-card.tsx';
import { type StockBike, taxNoteKey } from '../features/stock-bikes/types.ts';
import { isApiRequestError } from '../lib/api.ts';
import { localeContext, servicesContext } from '../lib/context.ts';
import { useFormat } from '../lib/format.ts';
import { useTranslation } from '../lib/i18n.ts';
import { decimalAmount, JsonLd } from '../lib/json-ld.tsx';
import { messagesOf } from '../lib/messages.ts';
import { rootDataFrom, seoMeta } from '../lib/seo.ts';
import { useLocalePath, useRootData } from '../lib/use-locale.ts';
import { BikeIllustration } from '../ui/bike-illustration.tsx';
import type { Route } from './+types/varg-stock-bikes-id';

/** A bike can be sold at any moment: shared caches keep the page 10 s at most. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'public, max-age=0, s-maxage=10' });

const modelNameKey = (productId: string) =>
  STOCK_MODELS.find((m) => m.id === productId)?.nameKey ?? `model_${productId.replace(/-/g, '_')}_name`;

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) => {
  const root = rootDataFrom(matches);
  const m = messagesOf(root) ?? {};
  if (!loaderData) return [{ title: m.text_error ?? '' }];
  const model = m[modelNameKey(loaderData.bike.productId)] ?? loaderData.bike.productId;
  const title = interpolate(m.stock_detail_title ?? '', { model, id: loaderData.bike._id });
  return seoMeta(root, location.pathname, title, interpolate(m.stock_detail_description ?? '', { model }));
};

/**
 * One bike in stock, priced in the visitor's market. An unknown or sold bike is a 404; a bike standing in another
 * market (the visitor switched country on this page) leads to this market's list.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { api } = context.get(servicesContext);
  const locale = context.get(localeContext);
  const id = params.id ?? '';
  if (!/^[A-Za-z0-9]{1,32}$/.test(id)) throw new Response(null, { status: 404 });
  let bike: StockBike;
  try {
    bike = await api.call(
      'getVehiclesStockBikesById',
      { path: { id }, query: { country: locale.country } },
      { lang: locale.lang },
    );
  } catch (error) {
    if (isApiRequestError(error) && error.status === 404) throw new Response(null, { status: 404 });
    throw error;
  }
  if (bike.country !== locale.country) {
    throw redirect(localizedPath(locale, `${STOCK_LIST_PATH}${stockSearch({ model: parseModel(bike.productId) })}`));
  }
  const groups = await api.call(
    'getProductByProductIdComponents',
    { path: { productId: bike.productId }, query: { country: locale.country } },
    { lang: locale.lang },
  );
  const listSearch =
    listSearchFrom(new URL(request.url).searchParams) || stockSearch({ model: parseModel(bike.productId) });
  return { bike, configuration: chosenOptions(bike.componentIds, groups), listSearch };
}

export default function StockBikeDetail({ loaderData }: Route.ComponentProps) {
  const { bike, configuration, listSearch } = loaderData;
  const { t } = useTranslation();
  const format = useFormat();
  const localePath = useLocalePath();
  const { config, segment } = useRootData();
  const { pricing } = bike;
  const modelName = t(modelNameKey(bike.productId));
  const delivery = pricing.stockBikeDeliveryDate ?? pricing.deliveryDate;
  const color = configuration.find((line) => line.group.group === 'color');
  const pageUrl = `${config.publicUrl.replace(/\/+$/, '')}/${segment}${STOCK_LIST_PATH}/${bike._id}`;
  const cartFetcher = useCartFetcher();

  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-8 md:py-12">
      <Link
        to={`${localePath(STOCK_LIST_PATH)}${listSearch}`}
        className="inline-flex items-center gap-2 rounded-full text-sm font-semibold underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-neutral-900"
      >
        <ArrowLeft size={16} aria-hidden="true" />
        {t('stock_back_to_list')}
      </Link>

      <div className="mt-6 grid items-start gap-8 md:grid-cols-2 md:gap-12">
        <div className="rounded-2xl bg-neutral-200 px-6 pt-10 pb-4 text-neutral-700">
          <BikeIllustration
            color={bikeColor(bike.componentIds)}
            title={t('bike_illustration', { model: modelName })}
            className="w-full"
          />
        </div>

        <div>
          <InStockBadge />
          <h1 className="mt-3 text-4xl font-black tracking-tight sm:text-5xl">{modelName}</h1>
          <p className="mt-1 text-neutral-600">{t('stock_number', { id: bike._id })}</p>

          <p className="mt-6 flex flex-wrap items-baseline gap-x-3">
            <span className="text-3xl font-bold">
              {format.price({ amount: pricing.discountedPrice, currencyCode: pricing.currencyCode })}
            </span>
            <span className="text-neutral-600">{t(taxNoteKey(pricing.taxDisplay))}</span>
          </p>

          {delivery && (
            <p className="mt-4 flex items-center gap-2 text-neutral-800">
              <CalendarCheck size={20} aria-hidden="true" className="shrink-0" />
              {t('stock_delivery_by', { date: format.date(delivery) })}
            </p>
          )}
          <p className="mt-2 flex items-center gap-2 text-neutral-800">
            <Wallet size={20} aria-hidden="true" className="shrink-0" />
            {t('stock_deposit_amount', { amount: format.price(pricing.deposit) })}
          </p>
          <CartForm fetcher={cartFetcher} intent="add-stock-bike" fields={{ stockBikeId: bike._id }} className="mt-6">
            <AddToCartButton
              busy={cartFetcher.state !== 'idle'}
              label={t('stock_reserve')}
              className="w-full sm:w-auto"
            />
          </CartForm>
        </div>
      </div>

      <div className="mt-12 grid gap-10 md:grid-cols-2 md:gap-12">
        <section aria-labelledby="configuration-title">
          <h2 id="configuration-title" className="text-2xl font-bold tracking-tight">
            {t('stock_configuration_title')}
          </h2>
          <dl className="mt-4 divide-y divide-neutral-200">
            {configuration.map(({ group, option }) => (
              <div key={group.group} className="grid grid-cols-2 gap-4 py-2.5 text-sm">
                <dt className="text-neutral-600">{t(group.nameKey)}</dt>
                <dd className="font-medium">{t(option.nameKey)}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section aria-labelledby="price-title">
          <h2 id="price-title" className="text-2xl font-bold tracking-tight">
            {t('stock_price_title')}
          </h2>
          <div className="mt-4">
            <PriceBreakdown pricing={pricing} modelName={modelName} lines={configuration} />
          </div>
          <dl className="mt-6 grid gap-2 rounded-2xl bg-neutral-100 p-5 text-sm">
            <div className="flex justify-between gap-4">
              <dt>{t('stock_deposit')}</dt>
              <dd className="font-semibold tabular-nums">{format.price(pricing.deposit)}</dd>
            </div>
            {pricing.financeFrom && (
              <div className="flex justify-between gap-4">
                <dt>{t('stock_finance')}</dt>
                <dd className="font-semibold tabular-nums">
                  {t('stock_per_month', { amount: format.price(pricing.financeFrom) })}
                </dd>
              </div>
            )}
            {delivery && (
              <div className="flex justify-between gap-4">
                <dt>{t('stock_delivery')}</dt>
                <dd className="font-semibold">{format.date(delivery)}</dd>
              </div>
            )}
          </dl>
        </section>
      </div>

      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'Product',
          name: `${modelName} ${bike._id}`,
          sku: bike._id,
          brand: { '@type': 'Brand', name: 'Stark Future' },
          ...(color ? { color: t(color.option.nameKey) } : {}),
          offers: {
            '@type': 'Offer',
            price: decimalAmount(pricing.discountedPrice),
            priceCurrency: pricing.currencyCode,
            availability: 'https://schema.org/InStock',
            itemCondition: 'https://schema.org/NewCondition',
            url: pageUrl,
          },
        }}
      />
    </main>
  );
}
