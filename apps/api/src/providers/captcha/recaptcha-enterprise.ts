import type { CaptchaProvider } from './interface.ts';

export interface RecaptchaOptions {
  projectId: string;
  siteKey: string;
  apiKey: string;
  /** Scores below this are refused (Google's suggested default: 0.5). */
  minScore: number;
  fetch?: typeof fetch;
  /** Google's API base (tests). */
  apiBase?: string;
}

interface Assessment {
  tokenProperties?: { valid?: boolean; action?: string; invalidReason?: string };
  riskAnalysis?: { score?: number };
}

/** reCAPTCHA Enterprise v3: one assessment per submitted token (projects.assessments.create). */
export function recaptchaEnterprise(options: RecaptchaOptions): CaptchaProvider {
  const doFetch = options.fetch ?? fetch;
  const base = options.apiBase ?? 'https://recaptchaenterprise.googleapis.com';
  return {
    name: 'recaptcha-enterprise',
    siteKey: options.siteKey,
    async verify(token, action, ip) {
      if (!token) return { ok: false, reason: 'missing' };
      let assessment: Assessment;
      try {
        const res = await doFetch(
          `${base}/v1/projects/${encodeURIComponent(options.projectId)}/assessments?key=${encodeURIComponent(options.apiKey)}`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              event: { token, siteKey: options.siteKey, expectedAction: action, ...(ip ? { userIpAddress: ip } : {}) },
            }),
            signal: AbortSignal.timeout(5000),
          },
        );
        if (!res.ok) return { ok: false, reason: 'unavailable' };
        assessment = (await res.json()) as Assessment;
      } catch {
        return { ok: false, reason: 'unavailable' };
      }
      if (!assessment.tokenProperties?.valid) return { ok: false, reason: 'invalid' };
      if (assessment.tokenProperties.action !== action) return { ok: false, reason: 'action' };
      const score = assessment.riskAnalysis?.score ?? 0;
      return score >= options.minScore ? { ok: true, score } : { ok: false, score, reason: 'score' };
    },
  };
}
