import type { StoreArticle } from '@varg/contracts';
import { Wrench } from 'lucide-react';
import { data, Link, useLoaderData } from 'react-router';
import { partRequest } from '../features/deeplink/part-request.server.ts';
import { PartRequestPanel } from '../features/deeplink/part-request.tsx';
import { ArticleCard } from '../features/store/article-card.tsx';
import { Pagination, pageParam } from '../features/store/pagination.tsx';
import { localeContext, servicesContext } from '../lib/context.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocalePath } from '../lib/use-locale.ts';
import { buttonClass } from '../ui/button.ts';
import type { Route } from './+types/store';

const KINDS = 'accessories,merchandise,extended_warranty';
const PAGE_SIZE = 50;

/**
 * The same for every anonymous visitor of a locale: shared caches keep it 30 s. Not when the app's deeplink asks for
 * a part: that page is the app user's own.
 */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => ({
  'Cache-Control': loaderHeaders.get('Cache-Control') ?? 'public, max-age=0, s-maxage=30',
});

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'nav_store', { descriptionKey: 'store_meta_description', index: true });

/** The store (spec section 2): accessories, clothing and extended warranties, priced in the visitor's country. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = context.get(servicesContext);
  const locale = context.get(localeContext);
  const page = pageParam(new URL(request.url));
  const query = { country: locale.country, kind: KINDS, page, limit: PAGE_SIZE };
  const [items, appRequest] = await Promise.all([
    api.call('getStoreItems', { query }, { lang: locale.lang }),
    partRequest(context, request),
  ]);
  return data({ items, appRequest }, appRequest ? { headers: { 'Cache-Control': 'private, no-store' } } : undefined);
}

/** Consecutive articles of one category (the API orders by category, group, article). */
function byCategory(articles: readonly StoreArticle[]) {
  const sections: Array<{ category: StoreArticle['category']; articles: StoreArticle[] }> = [];
  for (const article of articles) {
    const last = sections.at(-1);
    if (last && last.category.slug === article.category.slug) last.articles.push(article);
    else sections.push({ category: article.category, articles: [article] });
  }
  return sections;
}

export default function Store() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const { items, appRequest } = useLoaderData<typeof loader>();
  const sections = byCategory(items.docs);
  return (
    <main id="main" className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-black tracking-tight hyphens-auto wrap-break-word sm:text-4xl">{t('nav_store')}</h1>
      <p className="mt-3 max-w-2xl text-neutral-700">{t('store_intro')}</p>
      {appRequest && <PartRequestPanel request={appRequest} />}
      {sections.length > 1 && (
        <nav aria-label={t('store_sections')} className="mt-6">
          <ul className="flex flex-wrap gap-2">
            {sections.map(({ category }) => (
              <li key={category.slug}>
                <a
                  href={`#${category.slug}`}
                  className="inline-flex rounded-full border border-neutral-300 px-4 py-2 text-sm font-semibold hover:border-neutral-900"
                >
                  {t(category.nameKey)}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <div className="mt-10 flex flex-col gap-14">
        {sections.map(({ category, articles }) => (
          <section key={category.slug} id={category.slug} aria-labelledby={`${category.slug}-heading`}>
            <h2
              id={`${category.slug}-heading`}
              className="text-2xl font-bold tracking-tight hyphens-auto wrap-break-word sm:text-3xl"
            >
              {t(category.nameKey)}
            </h2>
            <ul className="mt-5 grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
              {articles.map((article) => (
                <li key={article.id}>
                  <ArticleCard article={article} eyebrow={t(article.group.nameKey)} />
                </li>
              ))}
            </ul>
          </section>
        ))}
        {items.docs.length === 0 && (
          <p className="rounded-2xl bg-neutral-100 p-8 text-neutral-700">{t('store_empty')}</p>
        )}
      </div>
      <Pagination page={items.page} totalPages={items.totalPages} />
      <aside aria-labelledby="parts-teaser" className="mt-16 rounded-2xl bg-neutral-950 p-8 text-white md:p-10">
        <Wrench size={28} aria-hidden="true" />
        <h2 id="parts-teaser" className="mt-3 text-2xl font-bold tracking-tight">
          {t('store_parts_teaser_title')}
        </h2>
        <p className="mt-2 max-w-2xl text-neutral-300">{t('store_parts_teaser_text')}</p>
        <Link to={localePath('/parts-and-accessories/spare-parts')} className={`${buttonClass.accent} mt-6`}>
          {t('store_parts_teaser_link')}
        </Link>
      </aside>
    </main>
  );
}
