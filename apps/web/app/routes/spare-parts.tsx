import type { BikeModel, StoreCategory } from '@varg/contracts';
import { data, Link, useLoaderData } from 'react-router';
import { GroupSections } from '../features/store/group-sections.tsx';
import { BIKE_MODELS, isBikeModel, modelNameKey } from '../features/store/models.ts';
import { Pagination, pageParam, searchParam } from '../features/store/pagination.tsx';
import { SearchForm } from '../features/store/search-form.tsx';
import { localeContext, servicesContext } from '../lib/context.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocalePath } from '../lib/use-locale.ts';
import type { Route } from './+types/spare-parts';

const BASE = '/parts-and-accessories/spare-parts';
const PAGE_SIZE = 24;

/** The same for every anonymous visitor of a locale and query: shared caches keep it 30 s. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'public, max-age=0, s-maxage=30' });

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'parts_title', { descriptionKey: 'parts_meta_description', index: true });

/**
 * Spare parts (spec section 2): every part, or a model's parts (`/:model`), narrowed to a category or a product
 * group by the path after it (`/:model/tyres-and-wheels/mx-tyres`). `?search=` and `?page=` work without JavaScript.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { api } = context.get(servicesContext);
  const locale = context.get(localeContext);
  const url = new URL(request.url);
  const model = params.model;
  if (model !== undefined && !isBikeModel(model)) throw data(null, { status: 404 });
  const path = (params['*'] ?? '').split('/').filter(Boolean);
  if (path.length > 2) throw data(null, { status: 404 });
  const [categorySlug, groupSlug] = path;

  const options = { lang: locale.lang };
  const { docs: categories } = await api.call(
    'getStoreCategories',
    { query: { kind: 'spare_parts', ...(model ? { model } : {}) } },
    options,
  );
  const category = categorySlug ? categories.find((c) => c.slug === categorySlug) : undefined;
  const group = groupSlug ? category?.groups.find((g) => g.slug === groupSlug) : undefined;
  if ((categorySlug && !category) || (groupSlug && !group)) throw data(null, { status: 404 });

  const search = searchParam(url);
  const page = pageParam(url);
  const query = {
    country: locale.country,
    kind: 'spare_parts',
    page,
    limit: PAGE_SIZE,
    ...(model ? { model } : {}),
    ...(category ? { category: category.slug } : {}),
    ...(group ? { group: group.slug } : {}),
    ...(search ? { search } : {}),
  };
  const items = await api.call('getStoreItems', { query }, options);
  return {
    model: model ?? null,
    category: category ? { slug: category.slug, nameKey: category.nameKey } : null,
    group: group ? { slug: group.slug, nameKey: group.nameKey } : null,
    categories,
    search,
    items,
  };
}

const pill = (current: boolean) =>
  `inline-flex items-center rounded-full px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-900 ${
    current ? 'bg-neutral-900 text-white' : 'border border-neutral-300 text-neutral-900 hover:border-neutral-900'
  }`;

function ModelPicker({ current }: { current: BikeModel | null }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const choices: Array<{ key: string; path: string; model: BikeModel | null }> = [
    { key: 'store_all_models', path: BASE, model: null },
    ...BIKE_MODELS.map((m) => ({ key: modelNameKey(m), path: `${BASE}/${m}`, model: m })),
  ];
  return (
    <nav aria-label={t('parts_model_picker')}>
      <ul className="flex flex-wrap gap-2">
        {choices.map((c) => (
          <li key={c.path}>
            <Link
              to={localePath(c.path)}
              aria-current={c.model === current ? 'page' : undefined}
              className={pill(c.model === current)}
            >
              {t(c.key)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

function CategoryList({
  model,
  categories,
  current,
}: {
  model: BikeModel;
  categories: StoreCategory[];
  current: { category: string | null; group: string | null };
}) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const link = (path: string, active: boolean) => ({
    to: localePath(path),
    'aria-current': active ? ('page' as const) : undefined,
    className: `block rounded-lg px-3 py-1.5 text-sm hover:bg-neutral-100 ${active ? 'bg-neutral-100 font-semibold text-neutral-950' : 'text-neutral-800'}`,
  });
  return (
    <ul className="flex flex-col gap-1">
      <li>
        <Link {...link(`${BASE}/${model}`, !current.category)}>{t('parts_all_categories')}</Link>
      </li>
      {categories.map((c) => (
        <li key={c.slug}>
          <Link {...link(`${BASE}/${model}/${c.slug}`, current.category === c.slug && !current.group)}>
            {t(c.nameKey)}
          </Link>
          <ul className="ml-3 border-l border-neutral-200 pl-2">
            {c.groups.map((g) => (
              <li key={g.slug}>
                <Link {...link(`${BASE}/${model}/${c.slug}/${g.slug}`, current.group === g.slug)}>{t(g.nameKey)}</Link>
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}

/** The categories of a model: folded away on narrow screens, a side column on wide ones. */
function CategoryNav(props: Parameters<typeof CategoryList>[0] & { scope: string | null }) {
  const { t } = useTranslation();
  return (
    <>
      <details className="rounded-xl border border-neutral-200 lg:hidden">
        <summary className="cursor-pointer px-4 py-3 text-sm font-semibold">
          {t('parts_categories')}
          {props.scope && <span className="font-normal text-neutral-700">: {props.scope}</span>}
        </summary>
        <nav aria-label={t('parts_categories')} className="px-2 pb-3">
          <CategoryList {...props} />
        </nav>
      </details>
      <nav aria-labelledby="categories-heading" className="hidden lg:sticky lg:top-4 lg:block">
        <h2 id="categories-heading" className="text-sm font-semibold tracking-widest text-neutral-600 uppercase">
          {t('parts_categories')}
        </h2>
        <div className="mt-3">
          <CategoryList {...props} />
        </div>
      </nav>
    </>
  );
}

export default function SpareParts() {
  const { t } = useTranslation();
  const { model, category, group, categories, search, items } = useLoaderData<typeof loader>();
  const scope = group ?? category;
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-10">
      <p className="text-sm font-semibold tracking-widest text-neutral-600 uppercase">
        {model ? t(modelNameKey(model)) : t('store_all_models')}
        {scope && ` · ${t(scope.nameKey)}`}
      </p>
      <h1 className="mt-2 text-3xl font-black tracking-tight hyphens-auto wrap-break-word sm:text-4xl">
        {t('parts_title')}
      </h1>
      <p className="mt-3 max-w-2xl text-neutral-700">{t('parts_intro')}</p>
      <div className="mt-6 flex flex-col gap-6">
        <ModelPicker current={model} />
        <SearchForm label={t('parts_search_label')} search={search} />
      </div>
      <div className={`mt-8 grid gap-8 lg:mt-10 lg:gap-10 ${model ? 'lg:grid-cols-[15rem_1fr]' : ''}`}>
        {model && (
          <aside>
            <CategoryNav
              model={model}
              categories={categories}
              current={{ category: category?.slug ?? null, group: group?.slug ?? null }}
              scope={scope ? t(scope.nameKey) : null}
            />
          </aside>
        )}
        <div>
          <p role="status" className="mb-6 text-sm text-neutral-700">
            {search
              ? t('store_results_for', { search, count: items.totalDocs })
              : t('store_results', { count: items.totalDocs })}
          </p>
          {items.docs.length > 0 ? <GroupSections articles={items.docs} /> : <EmptyState search={search} />}
          <Pagination page={items.page} totalPages={items.totalPages} />
        </div>
      </div>
    </main>
  );
}

function EmptyState({ search }: { search: string }) {
  const { t } = useTranslation();
  return (
    <div className="rounded-2xl bg-neutral-100 p-8">
      <h2 className="text-xl font-semibold">{search ? t('parts_empty', { search }) : t('parts_none')}</h2>
      {search && <p className="mt-2 text-neutral-700">{t('parts_empty_hint')}</p>}
    </div>
  );
}
