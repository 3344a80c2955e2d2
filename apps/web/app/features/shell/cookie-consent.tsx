import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { useLocalePath } from '../../lib/use-locale.ts';
import { buttonClass } from '../../ui/button.ts';

/** The visitor's cookie choice (decision 047): `analytics` allows page views to reach the tag manager. */
export const CONSENT_COOKIE = 'cookie_consent';
const CONSENT_DAYS = 365;
/** Sent by "Cookie settings" in the footer to show the choice again. */
export const OPEN_CONSENT_EVENT = 'cookie-consent:open';

export type Consent = 'analytics' | 'necessary';

/** Marks the document of a visitor who already chose (the attribute hides the notice). */
const CHOSEN_ATTRIBUTE = 'data-consent-chosen';

/**
 * Runs in the document's head before the first paint: a visitor who already chose never sees the notice, which every
 * served page carries (the same document for everyone, so the page cache can serve it).
 */
export const CONSENT_HEAD_SCRIPT = `/(?:^|; )${CONSENT_COOKIE}=(?:analytics|necessary)(?:;|$)/.test(document.cookie)&&document.documentElement.setAttribute('${CHOSEN_ATTRIBUTE}','')`;

export function readConsent(): Consent | null {
  if (typeof document === 'undefined') return null;
  const value = document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${CONSENT_COOKIE}=`))
    ?.slice(CONSENT_COOKIE.length + 1);
  return value === 'analytics' || value === 'necessary' ? value : null;
}

function saveConsent(consent: Consent) {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the shop supports
  document.cookie = `${CONSENT_COOKIE}=${consent}; Max-Age=${CONSENT_DAYS * 86_400}; Path=/; SameSite=Lax${secure}`;
}

/**
 * The cookie notice: shown until the visitor chooses, again from "Cookie settings"; nothing reaches the tag manager
 * before "Allow analytics". It is in the served page, painted with the rest of it rather than after hydration (on a
 * first visit it is often the largest thing on a phone's screen, so its paint is the page's LCP); the head script
 * hides it before the first paint when the cookie says the visitor chose, and the effect then drops it.
 */
export function CookieConsent() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const [open, setOpen] = useState(true);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (readConsent() !== null) setOpen(false);
    const reopen = () => {
      document.documentElement.removeAttribute(CHOSEN_ATTRIBUTE);
      setOpen(true);
      // Asked for from the footer: take the keyboard there.
      requestAnimationFrame(() => heading.current?.focus());
    };
    window.addEventListener(OPEN_CONSENT_EVENT, reopen);
    return () => window.removeEventListener(OPEN_CONSENT_EVENT, reopen);
  }, []);
  if (!open) return null;
  const choose = (consent: Consent) => {
    saveConsent(consent);
    setOpen(false);
    window.dispatchEvent(new CustomEvent('cookie-consent:change', { detail: consent }));
  };
  return (
    <section
      aria-labelledby="cookie-consent-title"
      className="fixed inset-x-0 bottom-0 z-40 border-t [[data-consent-chosen]_&]:hidden border-neutral-200 bg-white/95 shadow-lg backdrop-blur"
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
