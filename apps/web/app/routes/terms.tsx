import { Link, useParams } from 'react-router';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocalePath } from '../lib/use-locale.ts';
import type { Route } from './+types/terms';

// Terms (spec section 2: /terms and /terms/referrals/varg): the index of the shop's programme terms, and the VARG
// referral programme's terms (decision 019). Public and the same for everyone, so shared caches may keep them.

const REFERRAL_PARAGRAPHS = ['who', 'how', 'reward', 'conditions', 'changes'] as const;

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(
    matches,
    location.pathname,
    location.pathname.endsWith('/referrals/varg') ? 'referral_terms_title' : 'terms_title',
  );

export function loader({ params }: Route.LoaderArgs) {
  // /terms and /terms/referrals/varg only; any other programme is unknown.
  if (params['*'] && params['*'] !== 'referrals/varg') throw new Response(null, { status: 404 });
  return null;
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'public, max-age=0, s-maxage=300' });

export default function Terms() {
  const { t } = useTranslation();
  const params = useParams();
  const localePath = useLocalePath();
  const referral = params['*'] === 'referrals/varg';
  return (
    <main id="main" className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-12">
      {referral ? (
        <>
          <Link to={localePath('/terms')} className="text-sm underline underline-offset-4">
            {t('terms_title')}
          </Link>
          <h1 className="text-3xl font-bold tracking-tight">{t('referral_terms_title')}</h1>
          <ol className="flex list-decimal flex-col gap-4 pl-5 leading-7 text-neutral-800">
            {REFERRAL_PARAGRAPHS.map((p) => (
              <li key={p}>{t(`referral_terms_${p}`)}</li>
            ))}
          </ol>
        </>
      ) : (
        <>
          <h1 className="text-3xl font-bold tracking-tight">{t('terms_title')}</h1>
          <p className="text-neutral-700">{t('terms_intro')}</p>
          <ul className="list-disc pl-5">
            <li>
              <Link to={localePath('/terms/referrals/varg')} className="underline underline-offset-4">
                {t('terms_referrals_link')}
              </Link>
            </li>
          </ul>
        </>
      )}
    </main>
  );
}
