import { formatLocaleSegment } from '@varg/domain';
import { interpolate } from '@varg/i18n';
import { AlertTriangle, Pencil } from 'lucide-react';
import { Link, useLoaderData } from 'react-router';
import { bikeColor } from '../features/bike/colors.ts';
import { AddToCartButton, CartForm, useCartFetcher } from '../features/cart/cart-form.tsx';
import { loadConfiguredBike } from '../features/configurator/load.server.ts';
import { optionName } from '../features/configurator/option-name.ts';
import { optionPrice, PriceFacts, taxNote } from '../features/configurator/price.tsx';
import { isConfigurableModel, queryOf } from '../features/configurator/selection.ts';
import { authContext } from '../lib/auth.server.ts';
import { localeContext, servicesContext } from '../lib/context.ts';
import { money } from '../lib/format.ts';
import { useTranslation } from '../lib/i18n.ts';
import { messagesOf } from '../lib/messages.ts';
import { rootDataFrom, seoMeta } from '../lib/seo.ts';
import { useLocale, useLocalePath } from '../lib/use-locale.ts';
import { BikeIllustration } from '../ui/bike-illustration.tsx';
import { buttonClass } from '../ui/button.ts';
import { Field } from '../ui/field.tsx';
import type { Route } from './+types/pre-summary';

const MODEL_NAME_KEY = { varg: 'model_varg_name', 'varg-ex': 'model_varg_ex_name' } as const;

/**
 * The chosen configuration and its price breakdown (spec: /pre-summary), from the same URL query as the
 * configurator plus `model`, and the button that adds it to the cart.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const model = url.searchParams.get('model') ?? undefined;
  if (!isConfigurableModel(model)) throw new Response(null, { status: 404 });
  const { api } = context.get(servicesContext);
  const bike = await loadConfiguredBike(api, context.get(localeContext), model, url);
  // A dealer may sell at their own price (the API bounds it by their discount and answers 403 to anyone else).
  return { ...bike, dealer: !!context.get(authContext).user?.isDealer };
}

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) => {
  const root = rootDataFrom(matches);
  const m = messagesOf(root) ?? {};
  const model = loaderData ? (m[MODEL_NAME_KEY[loaderData.model]] ?? '') : '';
  const title = interpolate(m.presummary_title ?? '', { model });
  return [...seoMeta(root, location.pathname, title, title), { name: 'robots', content: 'noindex' }];
};

export default function PreSummary() {
  const { t } = useTranslation();
  const { model, groups, choice, pricing, conflicts, unavailable, dealer } = useLoaderData<typeof loader>();
  const tag = formatLocaleSegment(useLocale());
  const to = useLocalePath();
  const modelName = t(MODEL_NAME_KEY[model]);
  const query = queryOf(groups, choice);
  const configuratorHref = `${to(`/${model}/configurator`)}${query ? `?${query}` : ''}`;
  const cartFetcher = useCartFetcher();

  return (
    <main id="main" className="mx-auto max-w-5xl px-4 py-8 lg:py-12">
      <h1 className="text-3xl font-black tracking-tight sm:text-4xl">{t('presummary_title', { model: modelName })}</h1>
      <p className="mt-2 text-neutral-700">{t('presummary_intro')}</p>

      {!pricing ? (
        <div role="alert" className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <p className="flex items-center gap-2 font-semibold">
            <AlertTriangle size={18} aria-hidden="true" />
            {unavailable ? t('configurator_unavailable') : t('configurator_conflict_title')}
          </p>
          {conflicts.length ? <p className="mt-1">{t('configurator_conflict_price')}</p> : null}
          <Link to={configuratorHref} className={`${buttonClass.primary} mt-4`}>
            {t('presummary_change')}
          </Link>
        </div>
      ) : (
        <div className="mt-8 grid gap-10 md:grid-cols-[minmax(0,1fr)_20rem]">
          <section aria-labelledby="config">
            <h2 id="config" className="text-xl font-semibold">
              {t('presummary_configuration')}
            </h2>
            <table className="mt-4 w-full text-left text-sm hyphens-auto">
              <thead className="border-b border-neutral-300 text-neutral-600">
                <tr>
                  <th scope="col" className="py-2 font-medium">
                    {t('presummary_option')}
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    {t('presummary_choice')}
                  </th>
                  <th scope="col" className="py-2 text-right font-medium">
                    {t('presummary_price')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-neutral-200">
                <tr>
                  <th scope="row" className="py-2.5 font-medium">
                    {t('configurator_base_price')}
                  </th>
                  <td className="py-2.5">{modelName}</td>
                  <td className="py-2.5 text-right whitespace-nowrap">
                    {money(pricing.basePrice, pricing.currencyCode, tag)}
                  </td>
                </tr>
                {groups.map((g) => {
                  const option = g.options.find((o) => o.id === choice[g.group]);
                  if (!option) return null;
                  return (
                    <tr key={g.group}>
                      <th scope="row" className="py-2.5 pr-2 font-medium wrap-anywhere">
                        {t(g.nameKey)}
                      </th>
                      <td className="py-2.5 pr-2 wrap-anywhere">{optionName(t, option)}</td>
                      <td className="py-2.5 text-right whitespace-nowrap">
                        {optionPrice(option.price.amount, pricing.currencyCode, tag, t)}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
              <tfoot className="border-t-2 border-neutral-900">
                <tr>
                  <th scope="row" colSpan={2} className="pt-3 text-base font-bold">
                    {t('configurator_total')}
                  </th>
                  <td className="pt-3 text-right text-base font-bold" data-testid="total-price">
                    {money(pricing.discountedPrice, pricing.currencyCode, tag)}
                  </td>
                </tr>
                <tr>
                  <td colSpan={3} className="pt-1 text-right text-neutral-600">
                    {taxNote(pricing, tag, t)}
                  </td>
                </tr>
              </tfoot>
            </table>
          </section>
          <aside aria-labelledby="next" className="rounded-2xl bg-neutral-100 p-6">
            <BikeIllustration
              color={bikeColor(Object.values(choice))}
              title={t('bike_illustration', { model: modelName })}
              className="w-full text-neutral-700"
            />
            <h2 id="next" className="mt-4 text-lg font-semibold">
              {money(pricing.discountedPrice, pricing.currencyCode, tag)}
            </h2>
            <PriceFacts pricing={pricing} tag={tag} t={t} />
            <p className="mt-4 text-xs text-neutral-600">
              {t('configurator_code')}: <span className="font-mono">{pricing.hash}</span>
            </p>
            <div className="mt-6 flex flex-col gap-3">
              <CartForm
                fetcher={cartFetcher}
                intent="add-item"
                fields={{ productId: model, componentId: pricing.componentIds }}
                className="grid gap-3"
              >
                {dealer ? (
                  <Field
                    label={t('presummary_dealer_price')}
                    hint={t('presummary_dealer_price_hint', { currency: pricing.currencyCode })}
                    name="price"
                    inputMode="decimal"
                    autoComplete="off"
                  />
                ) : null}
                <AddToCartButton busy={cartFetcher.state !== 'idle'} />
              </CartForm>
              <Link to={configuratorHref} className={buttonClass.secondary}>
                <Pencil size={16} aria-hidden="true" />
                {t('presummary_change')}
              </Link>
              <Link to={`${to('/varg/stock-bikes')}?model=${model}`} className="text-sm underline underline-offset-2">
                {t('configurator_stock_link', { model: modelName })}
              </Link>
            </div>
          </aside>
        </div>
      )}
    </main>
  );
}
