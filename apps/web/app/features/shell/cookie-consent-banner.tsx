import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { useLocalePath } from '../../lib/use-locale.ts';
import { buttonClass } from '../../ui/button.ts';
import { CONSENT_COOKIE, type Consent } from './cookie-consent.tsx';

const CONSENT_DAYS = 365;

function saveConsent(consent: Consent) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the shop supports
  document.cookie = `${CONSENT_COOKIE}=${consent}; Max-Age=${CONSENT_DAYS * 86_400}; Path=/; SameSite=Lax${secure}`;
}

/** The cookie notice itself (decision 047), loaded by `CookieConsent` when it is to be shown. */
export default function CookieConsentBanner({ asked, onClose }: { asked: number; onClose(): void }) {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const heading = useRef<HTMLHeadingElement>(null);
  // Asked for from the footer: take the keyboard there.
  useEffect(() => {
    if (asked > 0) heading.current?.focus();
  }, [asked]);
  const choose = (consent: Consent) => {
    saveConsent(consent);
    onClose();
    window.dispatchEvent(new CustomEvent('cookie-consent:change', { detail: consent }));
  };
  return (
    <section
      aria-labelledby="cookie-consent-title"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-neutral-200 bg-white/95 shadow-lg backdrop-blur"
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-4 md:flex-row md:items-center md:justify-between">
        <div className="flex flex-col gap-1">
          <h2 id="cookie-consent-title" ref={heading} tabIndex={-1} className="font-semibold outline-none">
            {t('cookie_consent_title')}
          </h2>
          <p className="max-w-3xl text-sm text-neutral-700">
            {t('cookie_consent_text')}{' '}
            <Link to={localePath('/terms/cookies')} className="underline underline-offset-2">
              {t('legal_cookies_title')}
            </Link>
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <button type="button" className={buttonClass.secondary} onClick={() => choose('necessary')}>
            {t('cookie_consent_necessary')}
          </button>
          <button type="button" className={buttonClass.primary} onClick={() => choose('analytics')}>
            {t('cookie_consent_analytics')}
          </button>
        </div>
      </div>
    </section>
  );
}
