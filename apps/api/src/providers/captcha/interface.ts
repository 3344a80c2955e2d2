// The captcha of anonymous forms (DESIGN.md section 5): reCAPTCHA Enterprise v3 (badge hidden) when its keys are set;
// otherwise `off`, which accepts every request and says once in the log that forms are not protected by a captcha.

export interface CaptchaVerdict {
  ok: boolean;
  /** reCAPTCHA's score, 0 (bot) to 1 (human); absent when the captcha is off. */
  score?: number;
  /** Why a token was refused (`missing`, `invalid`, `action`, `score`, `unavailable`). */
  reason?: string;
}

export interface CaptchaProvider {
  readonly name: 'off' | 'recaptcha-enterprise';
  /** The site key the browser loads reCAPTCHA with; null when the captcha is off (the page loads no script). */
  readonly siteKey: string | null;
  /** Checks the token a form sent for `action` (e.g. `dealer_application`). */
  verify(token: string | undefined, action: string, ip?: string): Promise<CaptchaVerdict>;
}
