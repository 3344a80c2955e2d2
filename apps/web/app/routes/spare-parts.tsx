import { data, useLoaderData } from 'react-router';
import { GroupSections } from '../features/store/group-sections.tsx';
import { isBikeModel, modelNameKey } from '../features/store/models.ts';
import { Pagination, pageParam, searchParam } from '../features/store/pagination.tsx';
import { CategoryNav, ModelPicker } from '../features/store/part-navigation.tsx';
import { SearchForm } from '../features/store/search-form.tsx';
import { localeContext, servicesContext } from '../lib/context.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import type { Route } from './+types/spare-parts';

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
