import { __iconData as batteryChargingIcon } from 'lucide-react/icons/battery-charging';
import { __iconData as gaugeIcon } from 'lucide-react/icons/gauge';
import { __iconData as wrenchIcon } from 'lucide-react/icons/wrench';
import { Link, useLoaderData } from 'react-router';
import { isApiRequestError } from '../lib/api.ts';
import { localeContext, servicesContext } from '../lib/context.ts';
import { useTranslation } from '../lib/i18n.ts';
import { messagesOf } from '../lib/messages.ts';
import { rootDataFrom, seoMeta } from '../lib/seo.ts';
import { useLocalePath, useMarketingHref, useRootData } from '../lib/use-locale.ts';
import { BikeIllustration } from '../ui/bike-illustration.tsx';
import { buttonClass } from '../ui/button.ts';
import { staticIcon } from '../ui/icon.tsx';
import { ModelPicture } from '../ui/model-picture.tsx';
import type { Route } from './+types/home';

const BatteryCharging = staticIcon(batteryChargingIcon);
const Gauge = staticIcon(gaugeIcon);
const Wrench = staticIcon(wrenchIcon);

/** The same for every anonymous visitor of a locale: shared caches (and the server's page cache) keep it 10 s. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'public, max-age=0, s-maxage=10' });

export const meta: Route.MetaFunction = ({ matches, location }) => {
  const root = rootDataFrom(matches);
  const m = messagesOf(root) ?? {};
  return seoMeta(root, location.pathname, m.home_meta_title ?? '', m.home_meta_description ?? '');
};

/** Each model's cover image from the back office (decision 059), by model id; a model without one shows the drawing. */
export async function loader({ context }: Route.LoaderArgs) {
  const { api } = context.get(servicesContext);
  const list = await api
    .call('getProductGetlist', { query: { countryLocation: context.get(localeContext).country } })
    .catch((error: unknown) => {
      // A market without the list (not sold there) shows the drawings.
      if (isApiRequestError(error) && error.status < 500) return { docs: [] };
      throw error;
    });
  return { covers: Object.fromEntries(list.docs.flatMap((p) => (p.images[0] ? [[p._id, p.images[0]]] : []))) };
}

/** `configurator`: the model has its own configurator in the app; the SM's product page is the marketing site's. */
const MODELS = [
  { id: 'varg', path: '/stark-varg', color: '#e11d2a', configurator: '/varg/configurator' },
  { id: 'varg_ex', path: '/stark-varg-ex', color: '#f4f4f5', configurator: '/varg-ex/configurator' },
  { id: 'varg_sm', path: '/stark-varg-sm', color: '#71717a', configurator: null },
] as const;

const FEATURES = [
  { id: 'power', Icon: Gauge },
  { id: 'weight', Icon: BatteryCharging },
  { id: 'care', Icon: Wrench },
] as const;

export default function Home() {
  const { t } = useTranslation();
  const marketing = useMarketingHref();
  const to = useLocalePath();
  const testRide = marketing('/test-ride') ?? to('/test-ride');
  const { config } = useRootData();
  const { covers } = useLoaderData<typeof loader>();
  // The marketing site's product pages; without one, the configurator (or a test ride for the SM) is the way in.
  const marketingOf = (model: (typeof MODELS)[number]) => (config.marketingSiteUrl ? marketing(model.path) : null);
  return (
    <main id="main">
      <section className="bg-neutral-950 text-white">
        <div className="mx-auto grid max-w-7xl items-center gap-8 px-4 pt-10 pb-16 md:grid-cols-2 md:pt-16 md:pb-24">
          <div>
            <p className="text-sm font-semibold tracking-widest text-lime-300 uppercase">{t('home_hero_eyebrow')}</p>
            <h1 className="mt-3 text-4xl font-black tracking-tight text-balance sm:text-5xl lg:text-6xl">
              {t('home_hero_title')}
            </h1>
            <p className="mt-5 max-w-xl text-lg text-neutral-300">{t('home_hero_text')}</p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to={to('/varg-ex/configurator')} className={buttonClass.accent}>
                {t('model_configure', { model: t('model_varg_ex_name') })}
              </Link>
              <a
                href={testRide}
                className="inline-flex items-center rounded-full border border-white/30 px-6 py-3 text-sm font-semibold hover:bg-white/10"
              >
                {t('footer_test_ride')}
              </a>
            </div>
          </div>
          <BikeIllustration
            title={t('bike_illustration', { model: t('model_varg_name') })}
            className="w-full text-neutral-200"
          />
        </div>
      </section>

      <section aria-labelledby="models" className="mx-auto max-w-7xl px-4 py-16">
        <h2 id="models" className="text-3xl font-bold tracking-tight">
          {t('home_models_title')}
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {MODELS.map((model) => {
            const name = t(`model_${model.id}_name`);
            return (
              <li key={model.id} className="flex flex-col overflow-hidden rounded-2xl bg-neutral-100">
                <div className="bg-neutral-200 px-6 pt-6 text-neutral-700">
                  <ModelPicture
                    image={covers[model.id.replace('_', '-')]}
                    name={name}
                    color={model.color}
                    title={t('bike_illustration', { model: name })}
                    sizes="(min-width: 768px) 33vw, 100vw"
                    lazy
                    className="w-full"
                  />
                </div>
                <div className="flex flex-1 flex-col p-6">
                  <p className="text-xs font-semibold tracking-widest text-neutral-600 uppercase">
                    {t(`model_${model.id}_tagline`)}
                  </p>
                  <h3 className="mt-1 text-2xl font-bold">{name}</h3>
                  <p className="mt-3 flex-1 text-neutral-700">{t(`model_${model.id}_text`)}</p>
                  <div className="mt-6 flex flex-wrap gap-3">
                    {model.configurator ? (
                      <Link to={to(model.configurator)} className={buttonClass.primary}>
                        {t('model_configure', { model: name })}
                      </Link>
                    ) : null}
                    {!config.marketingSiteUrl && !model.configurator && (
                      <Link to={to(`/test-ride?model=${model.id.replace('_', '-')}`)} className={buttonClass.primary}>
                        {t('footer_test_ride')}
                      </Link>
                    )}
                    {/* Without a marketing site the SM's page is the app's /sam (decision 022). */}
                    {!config.marketingSiteUrl && model.id === 'varg_sm' && (
                      <Link to={to('/sam')} className={buttonClass.secondary}>
                        {t('model_discover', { model: name })}
                      </Link>
                    )}
                    {marketingOf(model) && (
                      <a
                        href={marketingOf(model) ?? ''}
                        className={model.configurator ? buttonClass.secondary : buttonClass.primary}
                      >
                        {t('model_discover', { model: name })}
                      </a>
                    )}
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="features" className="bg-neutral-100">
        <div className="mx-auto max-w-7xl px-4 py-16">
          <h2 id="features" className="text-3xl font-bold tracking-tight">
            {t('home_features_title')}
          </h2>
          <ul className="mt-8 grid gap-8 md:grid-cols-3">
            {FEATURES.map(({ id, Icon }) => (
              <li key={id}>
                <Icon size={28} aria-hidden="true" className="text-neutral-900" />
                <h3 className="mt-3 text-lg font-semibold">{t(`feature_${id}_title`)}</h3>
                <p className="mt-2 text-neutral-700">{t(`feature_${id}_text`)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="dealers" className="mx-auto max-w-7xl px-4 py-16">
        <div className="rounded-2xl bg-neutral-950 p-8 text-white md:p-12">
          <h2 id="dealers" className="text-3xl font-bold tracking-tight">
            {t('home_dealers_title')}
          </h2>
          <p className="mt-3 max-w-2xl text-neutral-300">{t('home_dealers_text')}</p>
          <a href={testRide} className={`${buttonClass.accent} mt-6`}>
            {t('footer_test_ride')}
          </a>
        </div>
      </section>
    </main>
  );
}
