import { LEGAL_KINDS, type LegalKind } from '@varg/contracts';
import { localeTag } from '@varg/domain';
import { Link, useLoaderData, useParams } from 'react-router';
import { LegalBody } from '../features/legal/document.tsx';
import { localeContext, servicesContext } from '../lib/context.ts';
import { formatUtcDay } from '../lib/format.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocale, useLocalePath } from '../lib/use-locale.ts';
import type { Route } from './+types/terms';

// Terms (spec section 2: /terms and /terms/referrals/varg; decision 047): the index of the shop's legal documents and
// programme terms, each legal document in the visitor's market and language (/terms/sale, /terms/privacy,
// /terms/cookies, /terms/imprint), and the VARG referral programme's terms (decision 019). Public and the same for
// every visitor of a locale, so shared caches may keep them.

const REFERRAL_PARAGRAPHS = ['who', 'how', 'reward', 'conditions', 'changes'] as const;
const isKind = (value: string | undefined): value is LegalKind =>
  (LEGAL_KINDS as readonly string[]).includes(value ?? '');

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) =>
  pageMeta(
    matches,
    location.pathname,
    location.pathname.endsWith('/referrals/varg')
      ? 'referral_terms_title'
      : loaderData?.document
        ? `legal_${loaderData.document.kind}_title`
        : 'terms_title',
  );

export async function loader({ params, context }: Route.LoaderArgs) {
  const page = params['*'] ?? '';
  if (page === '' || page === 'referrals/varg') return { document: null };
  if (!isKind(page)) throw new Response(null, { status: 404 });
  const locale = context.get(localeContext);
  const document = await context
    .get(servicesContext)
    .api.call('getLegalByKind', { path: { kind: page }, query: { country: locale.country, lang: locale.lang } });
  return { document };
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'public, max-age=0, s-maxage=300' });

export default function Terms() {
  const { t } = useTranslation();
  const { document } = useLoaderData<typeof loader>();
  const params = useParams();
  const localePath = useLocalePath();
  const locale = useLocale();
  const back = (
    <Link to={localePath('/terms')} className="text-sm underline underline-offset-4">
      {t('terms_title')}
    </Link>
  );
  if (document) {
    const english = document.lang !== locale.lang;
    const published = formatUtcDay(document.publishedAt, localeTag(locale));
    return (
      <main id="main" className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-12">
        {back}
        <h1 className="text-3xl font-bold tracking-tight" lang={english ? 'en' : undefined}>
          {document.title}
        </h1>
        <p className="text-sm text-neutral-600">{t('legal_version', { version: document.version, date: published })}</p>
        {english && (
          <p className="rounded-lg border border-neutral-200 bg-neutral-50 px-4 py-3 text-sm">
            {t('legal_english_only')}
          </p>
        )}
        <div lang={english ? 'en' : undefined}>
          <LegalBody body={document.body} />
        </div>
      </main>
    );
  }
  if (params['*'] === 'referrals/varg')
    return (
      <main id="main" className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-12">
        {back}
        <h1 className="text-3xl font-bold tracking-tight">{t('referral_terms_title')}</h1>
        <ol className="flex list-decimal flex-col gap-4 pl-5 leading-7 text-neutral-800">
          {REFERRAL_PARAGRAPHS.map((p) => (
            <li key={p}>{t(`referral_terms_${p}`)}</li>
          ))}
        </ol>
      </main>
    );
  return (
    <main id="main" className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t('terms_title')}</h1>
      <p className="text-neutral-700">{t('terms_intro')}</p>
      <ul className="flex list-disc flex-col gap-2 pl-5">
        {LEGAL_KINDS.map((kind) => (
          <li key={kind}>
            <Link to={localePath(`/terms/${kind}`)} className="underline underline-offset-4">
              {t(`legal_${kind}_title`)}
            </Link>
          </li>
        ))}
        <li>
          <Link to={localePath('/terms/referrals/varg')} className="underline underline-offset-4">
            {t('terms_referrals_link')}
          </Link>
        </li>
      </ul>
    </main>
  );
}
