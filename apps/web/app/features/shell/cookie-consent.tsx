import { lazy, Suspense, useEffect, useState } from 'react';

/** The visitor's cookie choice (decision 047): `analytics` allows page views to reach the tag manager. */
export const CONSENT_COOKIE = 'cookie_consent';
/** Sent by "Cookie settings" in the footer to show the choice again. */
export const OPEN_CONSENT_EVENT = 'cookie-consent:open';

export type Consent = 'analytics' | 'necessary';

export function readConsent(): Consent | null {
  if (typeof document === 'undefined') return null;
  const value = document.cookie
    .split('; ')
    .find((part) => part.startsWith(`${CONSENT_COOKIE}=`))
    ?.slice(CONSENT_COOKIE.length + 1);
  return value === 'analytics' || value === 'necessary' ? value : null;
}

// The notice's code loads only when it is shown: a visitor who chose never downloads it (decision 068).
const CookieConsentBanner = lazy(() => import('./cookie-consent-banner.tsx'));

/**
 * The cookie notice: shown until the visitor chooses, again from "Cookie settings". Read in the browser only, so
 * cached pages stay the same for every visitor; nothing reaches the tag manager before "Allow analytics". It is
 * fixed to the bottom of the window, so showing it later moves nothing.
 */
export function CookieConsent() {
  // null: closed; otherwise how often the footer asked for it (each time takes the keyboard to the notice).
  const [open, setOpen] = useState<{ asked: number } | null>(null);
  useEffect(() => {
    if (readConsent() === null) setOpen({ asked: 0 });
    const reopen = () => setOpen((o) => ({ asked: (o?.asked ?? 0) + 1 }));
    window.addEventListener(OPEN_CONSENT_EVENT, reopen);
    return () => window.removeEventListener(OPEN_CONSENT_EVENT, reopen);
  }, []);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <CookieConsentBanner asked={open.asked} onClose={() => setOpen(null)} />
    </Suspense>
  );
}
