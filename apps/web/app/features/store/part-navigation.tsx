// The spare-parts store's navigation: the model picker and the category list (a side list on a wide screen, a
// folding menu on a phone).
import type { BikeModel, StoreCategory } from '@varg/contracts';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { useLocalePath } from '../../lib/use-locale.ts';
import { BIKE_MODELS, modelNameKey } from './models.ts';

/** The spare-parts store's path under a locale. */
const BASE = '/parts-and-accessories/spare-parts';

const pill = (current: boolean) =>
  `inline-flex items-center rounded-full px-4 py-2 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-900 ${
    current ? 'bg-neutral-900 text-white' : 'border border-neutral-300 text-neutral-900 hover:border-neutral-900'
  }`;

export function ModelPicker({ current }: { current: BikeModel | null }) {
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

export function CategoryList({
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
export function CategoryNav(props: Parameters<typeof CategoryList>[0] & { scope: string | null }) {
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
