import { Link } from 'react-router';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocalePath } from '../lib/use-locale.ts';
import { BikeIllustration } from '../ui/bike-illustration.tsx';
import { buttonClass } from '../ui/button.ts';
import type { Route } from './+types/sam';

// /sam (spec section 2's route table): the VARG SM, the supermoto of the catalogue (decision 022). It has no online
// configurator (the catalogue marks it not configurable), so the ways on are a test ride and a store.

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'public, max-age=0, s-maxage=30' });

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'model_varg_sm_name', { descriptionKey: 'sam_intro', index: true });

export default function Sam() {
  const { t } = useTranslation();
  const to = useLocalePath();
  const name = t('model_varg_sm_name');
  return (
    <main id="main">
      <section className="bg-neutral-950 text-white">
        <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 py-12 md:grid-cols-2 md:py-20">
          <div className="flex flex-col gap-4">
            <p className="text-sm font-semibold tracking-widest text-lime-300 uppercase">
              {t('model_varg_sm_tagline')}
            </p>
            <h1 className="text-4xl font-black tracking-tight sm:text-5xl">{name}</h1>
            <p className="text-lg text-neutral-300">{t('model_varg_sm_text')}</p>
            <p className="text-neutral-300">{t('sam_intro')}</p>
            <div className="mt-4 flex flex-wrap gap-3">
              <Link to={to('/test-ride?model=varg-sm')} className={buttonClass.accent}>
                {t('footer_test_ride')}
              </Link>
              <Link
                to={to('/stores')}
                className="inline-flex items-center rounded-full border border-white/30 px-6 py-3 text-sm font-semibold hover:bg-white/10"
              >
                {t('stores_title')}
              </Link>
            </div>
          </div>
          <BikeIllustration
            color="#71717a"
            title={t('bike_illustration', { model: name })}
            className="w-full text-neutral-200"
          />
        </div>
      </section>
      <section aria-labelledby="sam-features" className="mx-auto max-w-7xl px-4 py-12">
        <h2 id="sam-features" className="text-2xl font-bold tracking-tight">
          {t('sam_features_title')}
        </h2>
        <ul className="mt-6 grid gap-6 md:grid-cols-3">
          {(['wheels', 'power', 'dealer'] as const).map((k) => (
            <li key={k} className="rounded-2xl bg-neutral-100 p-5">
              <h3 className="font-semibold">{t(`sam_feature_${k}_title`)}</h3>
              <p className="mt-2 text-neutral-700">{t(`sam_feature_${k}_text`)}</p>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
