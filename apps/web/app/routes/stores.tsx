import { localeTag, localizedPath } from '@varg/domain';
import { formatDistance } from '@varg/i18n';
import { LocateFixed, MapPin, Phone } from 'lucide-react';
import { Form, Link, useLoaderData, useNavigate, useSearchParams } from 'react-router';
import { StoreMap } from '../features/engagement/store-map.tsx';
import { isApiRequestError } from '../lib/api.ts';
import { localeContext, servicesContext } from '../lib/context.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocale, useRootData } from '../lib/use-locale.ts';
import { buttonClass } from '../ui/button.ts';
import { FormMessage } from '../ui/field.tsx';
import type { Route } from './+types/stores';

// Store finder (spec section 1; decision 022): approved dealers' stores by place, postal code or the visitor's
// position, with distances in the market's unit, opening hours, and a test ride at that store.

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'public, max-age=0, s-maxage=30' });

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'stores_title', { descriptionKey: 'stores_intro', index: true });

export interface FoundStore {
  _id: string;
  name: string;
  address: string;
  phone: string;
  email: string;
  country: string;
  location: { lat: number; lng: number };
  openingHours: Array<[string, string] | null>;
  distance: { value: number; unit: 'km' | 'mi' } | null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { api } = context.get(servicesContext);
  const locale = context.get(localeContext);
  const url = new URL(request.url);
  const q = (url.searchParams.get('q') ?? '').trim().slice(0, 80);
  const lat = Number(url.searchParams.get('lat'));
  const lng = Number(url.searchParams.get('lng'));
  const near =
    url.searchParams.has('lat') &&
    Number.isFinite(lat) &&
    Number.isFinite(lng) &&
    Math.abs(lat) <= 90 &&
    Math.abs(lng) <= 180;
  const query = {
    country: locale.country,
    ...(near ? { lat: Number(lat.toFixed(4)), lng: Number(lng.toFixed(4)) } : q ? { q } : {}),
  };
  try {
    return { q, near, error: null, ...(await api.call('getStores', { query }, { lang: locale.lang })) };
  } catch (error) {
    if (!isApiRequestError(error) || error.status >= 500) throw error;
    // An unknown place: say so, and show the market's stores.
    const all = await api.call('getStores', { query: { country: locale.country } }, { lang: locale.lang });
    return { q, near, error: error.message, ...all };
  }
}

function OpeningHours({ hours }: { hours: FoundStore['openingHours'] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const tag = `${locale.lang.split('-')[0]}-${locale.country}`;
  // 2024-01-01 was a Monday.
  const day = (i: number) =>
    new Intl.DateTimeFormat(tag, { weekday: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, 1 + i)));
  if (hours.length !== 7) return null;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-0.5 text-sm">
      {hours.map((h, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the seven days of the week, in order
        <div key={i} className="contents">
          <dt className="text-neutral-600">{day(i)}</dt>
          <dd>{h ? `${h[0]}–${h[1]}` : t('stores_closed')}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function Stores() {
  const { t } = useTranslation();
  const { q, near, error, docs, center } = useLoaderData<typeof loader>();
  const { config } = useRootData();
  const locale = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const nearMe = () =>
    navigator.geolocation?.getCurrentPosition((pos) => {
      const next = new URLSearchParams();
      next.set('lat', pos.coords.latitude.toFixed(4));
      next.set('lng', pos.coords.longitude.toFixed(4));
      navigate(`?${next}`, { preventScrollReset: true });
    });
  const found = center ? (near ? t('stores_near_you') : t('stores_near_place', { place: center.label ?? q })) : null;
  return (
    <main id="main" className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-12">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('stores_title')}</h1>
        <p className="text-neutral-700">{t('stores_intro')}</p>
      </header>
      <div className="flex flex-wrap items-end gap-3">
        <Form method="get" className="flex flex-1 flex-wrap items-end gap-3" role="search">
          <div className="flex min-w-56 flex-1 flex-col gap-1.5">
            <label htmlFor="stores-q" className="text-sm font-medium text-neutral-800">
              {t('stores_search_label')}
            </label>
            <input
              id="stores-q"
              name="q"
              type="search"
              defaultValue={params.has('lat') ? '' : q}
              maxLength={80}
              autoComplete="postal-code"
              className="rounded-lg border border-neutral-300 bg-white px-3 py-2.5"
            />
          </div>
          <button type="submit" className={buttonClass.primary}>
            {t('stores_search')}
          </button>
        </Form>
        <button type="button" onClick={nearMe} className={buttonClass.secondary}>
          <LocateFixed size={16} aria-hidden="true" />
          {t('stores_near_me')}
        </button>
      </div>
      {error && <FormMessage tone="error">{error}</FormMessage>}
      <div className="grid gap-8 lg:grid-cols-[1fr_1.1fr]">
        <section aria-labelledby="stores-list" className="flex min-w-0 flex-col gap-4 lg:order-1">
          <h2 id="stores-list" className="text-xl font-semibold" aria-live="polite">
            {found ?? t('stores_all', { count: docs.length })}
          </h2>
          {docs.length === 0 ? (
            <p className="text-neutral-700">{t('stores_none')}</p>
          ) : (
            <ol className="flex flex-col gap-4" data-testid="store-list">
              {docs.map((s, i) => (
                <li key={s._id} className="flex flex-col gap-3 rounded-2xl border border-neutral-200 p-5">
                  <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
                    <h3 className="text-lg font-semibold">
                      <span className="mr-2 inline-flex h-7 w-7 items-center justify-center rounded-full bg-lime-300 text-sm">
                        {i + 1}
                      </span>
                      {s.name}
                    </h3>
                    {s.distance && (
                      <p className="shrink-0 font-semibold" data-testid="store-distance">
                        {t('stores_distance', {
                          distance: formatDistance(localeTag(locale), s.distance.value, s.distance.unit),
                        })}
                      </p>
                    )}
                  </div>
                  <p className="flex items-start gap-2 text-neutral-700">
                    <MapPin size={16} aria-hidden="true" className="mt-1 shrink-0" />
                    {s.address}
                  </p>
                  <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                    <Phone size={16} aria-hidden="true" />
                    <a href={`tel:${s.phone}`} className="underline underline-offset-4">
                      {s.phone}
                    </a>
                    <span aria-hidden="true">·</span>
                    <a href={`mailto:${s.email}`} className="underline underline-offset-4">
                      {s.email}
                    </a>
                  </p>
                  <details>
                    <summary className="cursor-pointer text-sm font-medium">{t('stores_opening_hours')}</summary>
                    <div className="mt-2">
                      <OpeningHours hours={s.openingHours} />
                    </div>
                  </details>
                  <div>
                    <Link to={localizedPath(locale, `/test-ride?dealer=${s._id}`)} className={buttonClass.primary}>
                      {t('stores_book_test_ride')}
                      <span className="sr-only">: {s.name}</span>
                    </Link>
                  </div>
                </li>
              ))}
            </ol>
          )}
        </section>
        <div className="min-w-0 lg:order-2">
          <div className="lg:sticky lg:top-4">
            <StoreMap stores={docs} center={center} tileUrl={config.mapTileUrl} label={t('stores_map_label')} />
          </div>
        </div>
      </div>
    </main>
  );
}
