import { useEffect, useRef } from 'react';
import { useTranslation } from '../lib/i18n.ts';
import { useRootData } from '../lib/use-locale.ts';

interface Grecaptcha {
  enterprise: { ready(cb: () => void): void; execute(siteKey: string, options: { action: string }): Promise<string> };
}

let loading: Promise<Grecaptcha> | null = null;

/** reCAPTCHA Enterprise's script, loaded once per page, when the first form that needs it is shown. */
function loadRecaptcha(siteKey: string): Promise<Grecaptcha> {
  loading ??= new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://www.google.com/recaptcha/enterprise.js?render=${encodeURIComponent(siteKey)}`;
    script.async = true;
    script.onload = () => {
      const g = (window as unknown as { grecaptcha?: Grecaptcha }).grecaptcha;
      if (g) g.enterprise.ready(() => resolve(g));
      else reject(new Error('reCAPTCHA did not load'));
    };
    script.onerror = () => {
      loading = null;
      reject(new Error('reCAPTCHA did not load'));
    };
    document.head.append(script);
  });
  return loading;
}

/**
 * The captcha of an anonymous form (spec section 5: reCAPTCHA Enterprise v3, badge hidden). Renders the `captcha`
 * field the form's action sends on; when a site key is configured, a token for `action` is fetched as the form is
 * submitted (tokens last two minutes, so never earlier) and the submit then goes ahead, with the notice Google asks
 * for in place of the hidden badge. Without a site key the field stays empty and the API's captcha is off.
 */
export function CaptchaField({ action, tone = 'light' }: { action: string; tone?: 'light' | 'dark' }) {
  const { t } = useTranslation();
  const siteKey = useRootData().config.captchaSiteKey;
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const form = input.current?.form;
    if (!siteKey || !form) return;
    void loadRecaptcha(siteKey).catch(() => undefined);
    let ready = false;
    // A native listener on the form runs before React's (on the root): it holds the submit until the token is in.
    const onSubmit = (event: SubmitEvent) => {
      if (ready) {
        ready = false;
        return;
      }
      event.preventDefault();
      event.stopPropagation();
      const submitter = event.submitter;
      loadRecaptcha(siteKey)
        .then((g) => g.enterprise.execute(siteKey, { action }))
        .catch(() => '')
        .then((token) => {
          if (input.current) input.current.value = token;
          ready = true;
          // Not while the first submit event is still being dispatched (a token can come back that fast): the
          // browser ignores a submit requested then.
          setTimeout(() => form.requestSubmit(submitter instanceof HTMLElement ? submitter : undefined), 0);
        });
    };
    form.addEventListener('submit', onSubmit);
    return () => form.removeEventListener('submit', onSubmit);
  }, [siteKey, action]);

  return (
    <>
      <input ref={input} type="hidden" name="captcha" defaultValue="" />
      {siteKey && (
        <p className={`text-xs ${tone === 'dark' ? 'text-neutral-400' : 'text-neutral-600'}`}>
          {t('captcha_notice')}{' '}
          <a href="https://policies.google.com/privacy" className="underline" rel="noopener noreferrer" target="_blank">
            {t('captcha_privacy')}
          </a>{' '}
          ·{' '}
          <a href="https://policies.google.com/terms" className="underline" rel="noopener noreferrer" target="_blank">
            {t('captcha_terms')}
          </a>
        </p>
      )}
    </>
  );
}
