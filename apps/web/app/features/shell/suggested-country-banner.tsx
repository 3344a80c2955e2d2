import { splitLocalePath } from '@varg/domain';
import { Form, useFetcher, useLocation } from 'react-router';
import { countryName, useTranslation } from '../../lib/i18n.ts';
import { useRootData } from '../../lib/use-locale.ts';

/** Shown only when the IP lookup names another active market; dismissed for 30 days (spec section 2). */
export function SuggestedCountryBanner() {
  const { t } = useTranslation();
  const { suggestion, locale, countries } = useRootData();
  const fetcher = useFetcher();
  const location = useLocation();
  if (!suggestion || fetcher.state !== 'idle' || fetcher.data) return null;
  const fallback = countries.find((c) => c.code === suggestion.code)?.name ?? suggestion.code;
  const name = countryName(suggestion.code, locale, fallback);
  const returnTo = splitLocalePath(location.pathname).rest + location.search;
  return (
    <section aria-label={t('banner_label')} className="bg-lime-300 text-neutral-950">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2.5 text-sm">
        <p className="w-full font-medium sm:w-auto sm:flex-1">{t('banner_suggested', { country: name })}</p>
        <Form method="post" action="/preferences" reloadDocument>
          <input type="hidden" name="intent" value="locale" />
          <input type="hidden" name="country" value={suggestion.code} />
          <input type="hidden" name="lang" value={suggestion.lang} />
          <input type="hidden" name="returnTo" value={returnTo} />
          <button
            type="submit"
            className="rounded-full bg-neutral-950 px-4 py-1.5 font-semibold text-white hover:bg-neutral-800"
          >
            {t('banner_switch', { country: name })}
          </button>
        </Form>
        <fetcher.Form method="post" action="/preferences">
          <input type="hidden" name="intent" value="dismiss-suggestion" />
          <button type="submit" className="rounded-full px-3 py-1.5 font-semibold underline-offset-2 hover:underline">
            {t('banner_dismiss')}
          </button>
        </fetcher.Form>
      </div>
    </section>
  );
}
