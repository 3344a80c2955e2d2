import type { CaptchaProvider } from './interface.ts';

/** The default without keys: every form is accepted; the log says once that no captcha protects them. */
export function captchaOff(log: (message: string) => void = () => {}): CaptchaProvider {
  let warned = false;
  return {
    name: 'off',
    siteKey: null,
    async verify() {
      if (!warned) {
        warned = true;
        log('captcha is off (RECAPTCHA_SITE_KEY, RECAPTCHA_PROJECT_ID, RECAPTCHA_API_KEY unset): forms are accepted');
      }
      return { ok: true };
    },
  };
}
