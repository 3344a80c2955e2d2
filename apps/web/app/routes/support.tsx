import { BookOpen, Mail, MapPin } from 'lucide-react';
import { Form, Link, useLoaderData } from 'react-router';
import { localeContext, servicesContext } from '../lib/context.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocalePath } from '../lib/use-locale.ts';
import { buttonClass } from '../ui/button.ts';
import type { Route } from './+types/support';

// Support (spec section 2 "/support"; decision 022): questions by topic, searchable (?q=, a plain GET form), with the
// way on to technical documents and tutorials, the store finder and the contact form.

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'public, max-age=0, s-maxage=30' });

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'nav_support', { descriptionKey: 'support_intro', index: true });

export const FAQ = [
  { topic: 'orders', items: ['delivery', 'deposit'] },
  { topic: 'bikes', items: ['charging', 'maintenance'] },
  { topic: 'service', items: ['warranty', 'workshop'] },
] as const;

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

export async function loader({ request, context }: Route.LoaderArgs) {
  const locale = context.get(localeContext);
  const messages = context.get(servicesContext).messagesFor(locale);
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim().slice(0, 80);
  const words = fold(q).split(/\s+/).filter(Boolean);
  // Searched in the visitor's language: a question matches when its question and answer hold every word.
  const topics = FAQ.map((group) => ({
    topic: group.topic,
    items: group.items.filter((item) => {
      const text = fold(`${messages[`faq_${item}_q`] ?? ''} ${messages[`faq_${item}_a`] ?? ''}`);
      return words.every((w) => text.includes(w));
    }),
  })).filter((g) => g.items.length > 0);
  return { q, topics };
}

export default function Support() {
  const { t } = useTranslation();
  const { q, topics } = useLoaderData<typeof loader>();
  const to = useLocalePath();
  const count = topics.reduce((n, g) => n + g.items.length, 0);
  return (
    <main id="main" className="mx-auto flex w-full max-w-4xl flex-col gap-10 px-4 py-12">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('nav_support')}</h1>
        <p className="text-neutral-700">{t('support_intro')}</p>
      </header>
      <Form method="get" role="search" className="flex flex-wrap items-end gap-3">
        <div className="flex min-w-56 flex-1 flex-col gap-1.5">
          <label htmlFor="support-q" className="text-sm font-medium text-neutral-800">
            {t('support_search_label')}
          </label>
          <input
            id="support-q"
            name="q"
            type="search"
            defaultValue={q}
            maxLength={80}
            className="rounded-lg border border-neutral-300 bg-white px-3 py-2.5"
          />
        </div>
        <button type="submit" className={buttonClass.primary}>
          {t('stores_search')}
        </button>
      </Form>
      {q && (
        <p aria-live="polite" className="text-neutral-700">
          {t('support_results', { count, query: q })}
        </p>
      )}
      {topics.map((group) => (
        <section key={group.topic} aria-labelledby={`faq-${group.topic}`} className="flex flex-col gap-3">
          <h2 id={`faq-${group.topic}`} className="text-xl font-semibold">
            {t(`faq_topic_${group.topic}`)}
          </h2>
          {group.items.map((item) => (
            <details key={item} className="rounded-xl border border-neutral-200 p-4" open={Boolean(q)}>
              <summary className="cursor-pointer font-medium">{t(`faq_${item}_q`)}</summary>
              <p className="mt-3 text-neutral-700">{t(`faq_${item}_a`)}</p>
            </details>
          ))}
        </section>
      ))}
      <section aria-labelledby="support-more" className="grid gap-4 md:grid-cols-3">
        <h2 id="support-more" className="sr-only">
          {t('support_more')}
        </h2>
        <Link
          to={to('/tutorials-and-technical')}
          className="flex flex-col gap-2 rounded-2xl bg-neutral-100 p-5 hover:bg-neutral-200"
        >
          <BookOpen aria-hidden="true" />
          <span className="font-semibold">{t('nav_tutorials')}</span>
          <span className="text-sm text-neutral-700">{t('support_tutorials_text')}</span>
        </Link>
        <Link to={to('/stores')} className="flex flex-col gap-2 rounded-2xl bg-neutral-100 p-5 hover:bg-neutral-200">
          <MapPin aria-hidden="true" />
          <span className="font-semibold">{t('stores_title')}</span>
          <span className="text-sm text-neutral-700">{t('support_stores_text')}</span>
        </Link>
        <Link to={to('/contact')} className="flex flex-col gap-2 rounded-2xl bg-neutral-100 p-5 hover:bg-neutral-200">
          <Mail aria-hidden="true" />
          <span className="font-semibold">{t('footer_contact')}</span>
          <span className="text-sm text-neutral-700">{t('support_contact_text')}</span>
        </Link>
      </section>
    </main>
  );
}
