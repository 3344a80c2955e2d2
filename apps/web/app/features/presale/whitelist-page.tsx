import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { useLocalePath, useRootData } from '../../lib/use-locale.ts';

/**
 * The internal test page (spec section 5, decision 052): for the addresses on `WHITELIST_EMAILS` only. It shows who
 * is signed in and leads to the pages nobody else sees yet, to check them before a launch.
 */
export function WhitelistPage({ presaleModel }: { presaleModel: string }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { user } = useRootData();
  return (
    <main id="main" className="mx-auto flex min-h-dvh max-w-3xl flex-col gap-6 px-4 py-10">
      <Link
        to={to('/')}
        className="self-start text-xl font-black tracking-[0.3em]"
        aria-label={`${t('app_name')} – ${t('nav_home')}`}
      >
        {t('app_name')}
      </Link>
      <h1 className="text-3xl font-black tracking-tight">{t('whitelist_title')}</h1>
      <p className="text-neutral-700">{t('whitelist_intro')}</p>
      <p className="rounded-lg bg-neutral-100 p-3 text-sm text-neutral-800">
        {t('auth_signed_in_as', { email: user?.email ?? '' })}
      </p>
      <section aria-labelledby="whitelist-previews" className="flex flex-col gap-3">
        <h2 id="whitelist-previews" className="text-xl font-bold">
          {t('whitelist_previews')}
        </h2>
        <ul className="flex flex-col gap-2">
          <li>
            <Link to={to(`/presale/${presaleModel}`)} className="font-semibold text-neutral-950 underline">
              {t('whitelist_presale_link', { model: t('model_varg_launch_edition_name') })}
            </Link>
          </li>
        </ul>
      </section>
    </main>
  );
}
