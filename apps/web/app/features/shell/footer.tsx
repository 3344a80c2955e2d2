import { Form } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { useLocalePath, useMarketingHref } from '../../lib/use-locale.ts';
import { CaptchaField } from '../../ui/captcha.tsx';
import { OPEN_CONSENT_EVENT } from './cookie-consent.tsx';
import { LocaleButton } from './header.tsx';

/** Footer links: `marketing` paths of the handover list (decision 002), or the app's own pages. */
const COLUMNS = [
  {
    title: 'footer_shop',
    links: [
      ['nav_varg_mx', '/stark-varg', 'marketing'],
      ['nav_varg_ex', '/stark-varg-ex', 'marketing'],
      ['nav_varg_sm', '/stark-varg-sm', 'marketing'],
      ['footer_test_ride', '/test-ride', 'marketing'],
      ['stores_title', '/stores', 'app'],
      ['nav_xmas_auction', '/xmas-auction', 'app'],
    ],
  },
  {
    title: 'footer_help',
    links: [
      ['nav_support', '/support', 'marketing'],
      ['footer_service', '/service', 'marketing'],
      ['footer_contact', '/contact', 'marketing'],
    ],
  },
  {
    title: 'footer_company',
    links: [
      ['team_title', '/team', 'app'],
      ['footer_press', '/press-and-media', 'marketing'],
      ['footer_newsletter', '/newsletter', 'marketing'],
      ['whistle_title', '/whistleblowing-channel', 'app'],
    ],
  },
] as const;

/** The legal documents (decision 047), on every page. */
const LEGAL_LINKS = [
  ['legal_sale_title', '/terms/sale'],
  ['legal_privacy_title', '/terms/privacy'],
  ['legal_cookies_title', '/terms/cookies'],
  ['legal_imprint_title', '/terms/imprint'],
] as const;

export function Footer() {
  const { t } = useTranslation();
  const marketing = useMarketingHref();
  const to = useLocalePath();
  return (
    <footer className="bg-neutral-950 text-neutral-300">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 md:grid-cols-4">
        <div>
          <p className="text-xl font-black tracking-[0.3em] text-white">{t('app_name')}</p>
          <p className="mt-3 max-w-xs text-sm">{t('footer_tagline')}</p>
          {/* Newsletter sign-up (double opt-in, decision 022): posts to the newsletter page's action. */}
          <Form method="post" action={to('/newsletter')} className="mt-6 flex max-w-xs flex-col gap-2">
            <label htmlFor="footer-newsletter" className="text-sm font-semibold text-white">
              {t('footer_newsletter')}
            </label>
            <div className="flex gap-2">
              <input
                id="footer-newsletter"
                name="email"
                type="email"
                required
                maxLength={254}
                autoComplete="email"
                placeholder={t('footer_newsletter_placeholder')}
                className="min-w-0 flex-1 rounded-full bg-white/10 px-4 py-2 text-sm text-white placeholder:text-neutral-400"
              />
              <button
                type="submit"
                className="rounded-full bg-lime-300 px-4 py-2 text-sm font-semibold text-neutral-950 hover:bg-lime-200"
              >
                {t('newsletter_subscribe')}
              </button>
            </div>
            <CaptchaField action="newsletter" tone="dark" />
          </Form>
        </div>
        {COLUMNS.map((col) => {
          // Without a marketing site, only links to pages the app serves are shown (no dead ends).
          const links = col.links.flatMap(([key, path, kind]) => {
            const href = kind === 'app' ? to(path) : marketing(path);
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
          <nav aria-label={t('footer_legal')}>
            <ul className="flex flex-wrap items-center gap-x-4 gap-y-2">
              {LEGAL_LINKS.map(([key, path]) => (
                <li key={key}>
                  <a href={to(path)} className="hover:text-white hover:underline">
                    {t(key)}
                  </a>
                </li>
              ))}
              <li>
                <button
                  type="button"
                  className="hover:text-white hover:underline"
                  onClick={() => window.dispatchEvent(new Event(OPEN_CONSENT_EVENT))}
                >
                  {t('cookie_settings')}
                </button>
              </li>
            </ul>
          </nav>
          <LocaleButton className="-ml-3 inline-flex text-neutral-200" />
        </div>
      </div>
    </footer>
  );
}
