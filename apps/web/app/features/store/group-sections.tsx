import type { StoreArticle } from '@varg/contracts';
import { useTranslation } from '../../lib/i18n.ts';
import { ArticleCard } from './article-card.tsx';

/** Consecutive articles of one product group (the API orders by category, group, article). */
export function byGroup(articles: readonly StoreArticle[]) {
  const groups: Array<{ group: StoreArticle['group']; category: StoreArticle['category']; articles: StoreArticle[] }> =
    [];
  for (const article of articles) {
    const last = groups.at(-1);
    if (last && last.group.slug === article.group.slug) last.articles.push(article);
    else groups.push({ group: article.group, category: article.category, articles: [article] });
  }
  return groups;
}

/** Articles under a heading per product group, the category named above it. Headings: h2 group, h3 article. */
export function GroupSections({ articles }: { articles: readonly StoreArticle[] }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-12">
      {byGroup(articles).map(({ group, category, articles: list }) => (
        <section key={group.slug} aria-labelledby={`group-${group.slug}`}>
          <p className="text-xs font-semibold tracking-widest text-neutral-600 uppercase">{t(category.nameKey)}</p>
          <h2
            id={`group-${group.slug}`}
            className="mt-1 text-2xl font-bold tracking-tight hyphens-auto wrap-break-word"
          >
            {t(group.nameKey)}
          </h2>
          <ul className="mt-5 grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
            {list.map((article) => (
              <li key={article.id}>
                <ArticleCard article={article} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
