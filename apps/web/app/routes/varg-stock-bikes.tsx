import { localizedPath } from '@varg/domain';
import { LoaderCircle, SearchX } from 'lucide-react';
import { data, Link, redirect, useLocation, useNavigation } from 'react-router';
import { FilterPanel } from '../features/stock-bikes/filter-panel.tsx';
import { ModelSwitch } from '../features/stock-bikes/model-switch.tsx';
import { Pagination } from '../features/stock-bikes/pagination.tsx';
import {
  filterGroups,
  hasFilters,
  parseModel,
  parseStockQuery,
  STOCK_LIST_PATH,
  STOCK_MODELS,
  STOCK_PAGE_SIZE,
  stockSearch,
} from '../features/stock-bikes/query.ts';
import { StockBikeCard } from '../features/stock-bikes/stock-bike-card.tsx';
import { authContext, userApi } from '../lib/auth.server.ts';
import { localeContext, servicesContext } from '../lib/context.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocalePath } from '../lib/use-locale.ts';
import { buttonClass } from '../ui/button.ts';
import type { Route } from './+types/varg-stock-bikes';

/**
 * Stock changes as bikes are sold: shared caches (and the server's page cache) keep the list 10 s at most. A dealer's
 * view (its own stock) is theirs alone.
 */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => ({
  'Cache-Control': loaderHeaders.get('Cache-Control') ?? 'public, max-age=0, s-maxage=10',
});

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'nav_stock_bikes', { descriptionKey: 'stock_meta_description', index: true });

/** The bikes in stock in the visitor's market (the locale's country), filtered and paged as the URL says. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = context.get(servicesContext);
  const locale = context.get(localeContext);
  const params = new URL(request.url).searchParams;
  const model = parseModel(params.get('model'));
  const groups = await api.call(
    'getProductByProductIdComponents',
    { path: { productId: model }, query: { country: locale.country } },
    { lang: locale.lang },
  );
  const query = parseStockQuery(params, groups);
  const dealer = !!context.get(authContext).user?.roles.includes('dealer');
  if (!dealer) delete query.mine;
  const search = {
    country: locale.country,
    productId: model,
    filters: query.filters,
    page: query.page,
    limit: STOCK_PAGE_SIZE,
  };
  // A dealer sees the market's stock (its own and the maker's) or, with `stock=mine`, its own store's only.
  const result = query.mine
    ? await userApi(context, request).call('postDealerStockBikes', { body: search })
    : await api.call('postVehiclesStockBikes', { body: search }, { lang: locale.lang });
  // A page past the end (bikes were sold since the link was shared): the last page there is.
  if (result.totalPages > 0 && query.page > result.totalPages) {
    throw redirect(localizedPath(locale, `${STOCK_LIST_PATH}${stockSearch({ ...query, page: result.totalPages })}`));
  }
  return data(
    { query, groups: filterGroups(groups), result, dealer },
    dealer ? { headers: { 'Cache-Control': 'private, no-store' } } : undefined,
  );
}

export default function StockBikes({ loaderData }: Route.ComponentProps) {
  const { query, groups, result, dealer } = loaderData;
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const location = useLocation();
  const navigation = useNavigation();
  const listPath = localePath(STOCK_LIST_PATH);
  const busy = navigation.state !== 'idle' && navigation.location?.pathname === location.pathname;
  const filtered = hasFilters(query.filters);
  const modelName = t(STOCK_MODELS.find((m) => m.id === query.model)?.nameKey ?? '');
  const search = stockSearch(query);

  return (
    <main id="main">
      <section className="bg-neutral-950 text-white">
        <div className="mx-auto max-w-7xl px-4 pt-10 pb-12 md:pt-14">
          <p className="text-sm font-semibold tracking-widest text-lime-300 uppercase">{t('stock_eyebrow')}</p>
          <h1 className="mt-3 text-4xl font-black tracking-tight text-balance sm:text-5xl">{t('nav_stock_bikes')}</h1>
          <p className="mt-4 max-w-2xl text-lg text-neutral-300">{t('stock_intro')}</p>
          <div className="mt-8">
            <ModelSwitch current={query.model} listPath={listPath} />
          </div>
        </div>
      </section>

      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-10 lg:grid-cols-[17rem_1fr]">
        <aside className="lg:sticky lg:top-6 lg:self-start">
          <FilterPanel
            groups={groups}
            model={query.model}
            listPath={listPath}
            active={filtered || !!query.mine}
            dealer={dealer}
          />
          {dealer && <p className="mt-4 text-sm text-neutral-700">{t('stock_dealer_note')}</p>}
        </aside>

        <section aria-labelledby="results-title" aria-busy={busy}>
          <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
            <h2 id="results-title" className="text-2xl font-bold tracking-tight">
              {modelName}
            </h2>
            <p role="status" className="flex items-center gap-2 text-sm text-neutral-700">
              {busy && <LoaderCircle size={16} aria-hidden="true" className="animate-spin" />}
              {busy ? t('loading') : t('stock_results_count', { count: result.totalDocs })}
            </p>
          </div>

          {result.docs.length === 0 ? (
            <div className="mt-6 flex flex-col items-center rounded-2xl bg-neutral-100 px-6 py-14 text-center">
              <SearchX size={40} aria-hidden="true" className="text-neutral-500" />
              <h3 className="mt-4 text-xl font-semibold">
                {t(filtered ? 'stock_empty_filtered_title' : 'stock_empty_market_title')}
              </h3>
              <p className="mt-2 max-w-md text-neutral-700">
                {t(filtered ? 'stock_empty_filtered_text' : 'stock_empty_market_text')}
              </p>
              {filtered && (
                <Link
                  to={`${listPath}${stockSearch({ model: query.model })}`}
                  preventScrollReset
                  className={`${buttonClass.primary} mt-6`}
                >
                  {t('stock_filters_clear')}
                </Link>
              )}
            </div>
          ) : (
            <ul className={`mt-6 grid gap-6 sm:grid-cols-2 ${busy ? 'opacity-60 transition-opacity' : ''}`}>
              {result.docs.map((bike) => (
                <li key={bike._id}>
                  <StockBikeCard
                    bike={bike}
                    modelName={modelName}
                    groups={groups}
                    href={`${listPath}/${encodeURIComponent(bike._id)}${search}`}
                  />
                </li>
              ))}
            </ul>
          )}

          <Pagination
            page={result.page}
            totalPages={result.totalPages}
            hrefOf={(page) => `${listPath}${stockSearch({ ...query, page })}`}
          />
        </section>
      </div>
    </main>
  );
}
