import { useTranslation } from '../../lib/i18n.ts';
import { useLocalePath, useMarketingHref } from '../../lib/use-locale.ts';
import { LocaleButton } from './header.tsx';

const COLUMNS = [
  {
    title: 'footer_shop',
    links: [
      ['nav_varg_mx', '/stark-varg'],
      ['nav_varg_ex', '/stark-varg-ex'],
      ['nav_varg_sm', '/stark-varg-sm'],
      ['footer_test_ride', '/test-ride'],
      ['nav_xmas_auction', '/xmas-auction'],
    ],
  },
  {
    title: 'footer_help',
    links: [
      ['nav_support', '/support'],
      ['footer_service', '/service'],
      ['footer_contact', '/contact'],
    ],
  },
  {
    title: 'footer_company',
    links: [
      ['footer_press', '/press-and-media'],
      ['footer_newsletter', '/newsletter'],
      ['whistle_title', '/whistleblowing-channel'],
    ],
  },
] as const;

/** Pages only the app has, never handed over to a marketing site (the whistleblowing channel, the axe auction). */
const APP_ONLY: ReadonlySet<string> = new Set(['/whistleblowing-channel', '/xmas-auction']);

export function Footer() {
  const { t } = useTranslation();
  const marketing = useMarketingHref();
  const localePath = useLocalePath();
  return (
    <footer className="bg-neutral-950 text-neutral-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 md:grid-cols-4">
        <div>
          <p className="text-xl font-black tracking-[0.3em] text-white">{t('app_name')}</p>
          <p className="mt-3 max-w-xs text-sm">{t('footer_tagline')}</p>
        </div>
        {COLUMNS.map((col) => {
          // Without a marketing site, only links to pages the app serves are shown (no dead ends).
          const links = col.links.flatMap(([key, path]) => {
            const href = APP_ONLY.has(path) ? localePath(path) : marketing(path);
            return href ? [{ key, href }] : [];
          });
          if (links.length === 0) return null;
          return (
            <nav key={col.title} aria-label={t(col.title)}>
              <h2 className="text-sm font-semibold text-white">{t(col.title)}</h2>
              <ul className="mt-3 space-y-2 text-sm">
                {links.map(({ key, href }) => (
                  <li key={key}>
                    <a href={href} className="hover:text-white hover:underline">
                      {t(key)}
                    </a>
                  </li>
                ))}
              </ul>
            </nav>
          );
        })}
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col-reverse items-start gap-3 px-4 py-5 text-xs sm:flex-row sm:items-center sm:justify-between">
          <p>{t('footer_copyright', { year: new Date().getFullYear() })}</p>
          <LocaleButton className="-ml-3 inline-flex text-neutral-200" />
        </div>
      </div>
    </footer>
  );
}
