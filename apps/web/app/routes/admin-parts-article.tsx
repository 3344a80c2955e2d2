import { localizedPath } from '@varg/domain';
import { data, Link, redirect, useActionData, useLoaderData } from 'react-router';
import { AuditTrail } from '../features/admin/audit-trail.tsx';
import { refusal, valuesOf } from '../features/admin/catalogue.ts';
import { FitmentForm, NewArticleForm, NewSkuForm } from '../features/admin/parts/article-forms.tsx';
import { skuInput } from '../features/admin/parts/article-input.ts';
import { KIND_KEYS } from '../features/admin/parts.ts';
import { RecordHeader } from '../features/admin/record-header.tsx';
import { articleName } from '../features/store/labels.ts';
import { userApi } from '../lib/auth.server.ts';
import { localeContext } from '../lib/context.ts';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocalePath } from '../lib/use-locale.ts';
import { FormMessage } from '../ui/field.tsx';
import type { Route } from './+types/admin-parts-article';

// An article of the store in the back office (decision 060): a new one at `/admin/parts/articles/new`; else its
// fitment, its SKUs and a form to add one, and its history.

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'admin_parts_article_title');

const isNew = (id: string) => id === 'new';

export const loader = guarded(['admin'], async ({ context, request, params }: Route.LoaderArgs) => {
  const api = userApi(context, request);
  if (isNew(params.id)) {
    const groups = await api.call('getAdminPartsGroups', {});
    return { groups: groups.docs, article: null, trail: [], currencies: [] };
  }
  const [article, trail, countries] = await Promise.all([
    api.call('getAdminPartArticlesById', { path: { id: params.id } }),
    api.call('getAdminAuditByEntityTypeByEntityId', { path: { entityType: 'article', entityId: params.id } }),
    api.call('getCountry', { query: { limit: 300 } }),
  ]);
  const currencies = [...new Set(countries.docs.map((c) => c.currency.code))].sort();
  return { groups: [], article, trail: trail.docs, currencies };
});

export const action = guarded(['admin'], async ({ context, request, params }: Route.ActionArgs) => {
  const api = userApi(context, request);
  const form = await request.formData();
  const values = valuesOf(form);
  const intent = String(form.get('intent'));
  const done = (message: string) => ({ ok: true as const, intent, message, error: null, values: {}, bad: [] });
  try {
    if (intent === 'create') {
      const article = await api.call('postAdminPartArticles', {
        body: {
          id: String(form.get('id') ?? '').trim(),
          group: String(form.get('group') ?? ''),
          name: String(form.get('name') ?? ''),
          drawingReference: String(form.get('drawingReference') ?? ''),
          kit: form.get('kit') === 'on',
        },
      });
      return redirect(localizedPath(context.get(localeContext), `/admin/parts/articles/${article.id}`));
    }
    if (intent === 'fitment') {
      const models = form.getAll('models').map(String) as never[];
      await api.call('putAdminPartArticlesByIdFitment', {
        path: { id: params.id },
        body: { models: form.get('source') === 'group' ? null : models },
      });
      return done('admin_parts_fitment_saved');
    }
    if (intent === 'sku') {
      const countries = await api.call('getCountry', { query: { limit: 300 } });
      const currencies = [...new Set(countries.docs.map((c) => c.currency.code))];
      const { bad, prices, attributes } = skuInput(form, currencies);
      if (bad.length || !Object.keys(prices).length)
        return data(
          { ok: false as const, intent, message: null, error: null, values, bad: bad.length ? bad : currencies },
          400,
        );
      const availability = String(form.get('availability')) as 'AVAILABLE';
      const part = await api.call('postAdminParts', {
        body: { articleId: params.id, sku: String(form.get('sku') ?? ''), attributes, availability, prices },
      });
      return redirect(localizedPath(context.get(localeContext), `/admin/parts/${part.sku}?created=1`));
    }
    return data({ ok: false as const, intent, message: null, error: null, values, bad: [] }, 400);
  } catch (error) {
    const refused = refusal(error, values, intent);
    return data({ ...refused.data, message: null, bad: [] as string[] }, refused.init ?? undefined);
  }
});

export default function AdminPartsArticle() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const { groups, article, trail, currencies } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const kept = result && !result.ok ? result.values : null;
  const bad = result && !result.ok ? result.bad : [];
  const messages = (
    <>
      {result?.ok && result.message && <FormMessage tone="success">{t(result.message)}</FormMessage>}
      {result && !result.ok && result.error && <FormMessage tone="error">{result.error}</FormMessage>}
      {bad.length > 0 && (
        <FormMessage tone="error">
          {t(bad.includes('attributes') ? 'admin_parts_attributes_invalid' : 'admin_parts_new_prices_invalid')}
        </FormMessage>
      )}
    </>
  );
  if (!article)
    return (
      <div className="flex flex-col gap-6">
        <RecordHeader back="/admin/parts" backLabel={t('admin_parts_title')} title={t('admin_parts_article_new')}>
          <p className="text-neutral-700">{t('admin_parts_article_new_intro')}</p>
        </RecordHeader>
        {messages}
        <NewArticleForm groups={groups} kept={kept} />
      </div>
    );
  return (
    <div className="flex flex-col gap-8">
      <RecordHeader back="/admin/parts" backLabel={t('admin_parts_title')} title={articleName(t, article)}>
        <p className="text-neutral-700">
          <code>{article.id}</code> · {t(KIND_KEYS[article.group.kind])} · {t(article.group.categoryNameKey)} ·{' '}
          {t(article.group.nameKey)}
        </p>
      </RecordHeader>
      {messages}
      <FitmentForm fits={article.fits} fromGroup={article.fitsFromGroup} />
      <section className="flex flex-col gap-3">
        <h2 className="text-xl font-semibold">{t('admin_parts_skus')}</h2>
        {article.skus.length === 0 ? (
          <p className="text-neutral-700">{t('admin_parts_skus_none')}</p>
        ) : (
          <ul className="flex flex-col gap-1">
            {article.skus.map((s) => (
              <li key={s.sku}>
                <Link
                  to={localePath(`/admin/parts/${s.sku}`)}
                  className="font-mono text-sm underline underline-offset-2"
                >
                  {s.sku}
                </Link>
                {Object.values(s.attributes).map((value) => ` · ${value}`)}
                {s.retired && ` · ${t('admin_parts_retired')}`}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="flex max-w-3xl flex-col gap-3">
        <h2 className="text-xl font-semibold">{t('admin_parts_sku_new')}</h2>
        <NewSkuForm currencies={currencies} kept={kept} badPrices={bad} />
      </section>
      <AuditTrail entries={trail} />
    </div>
  );
}
