import { describe, expect, it } from 'vitest';
import { captchaOff } from './off.ts';
import { recaptchaEnterprise } from './recaptcha-enterprise.ts';

const answer = (body: unknown, status = 200) =>
  (async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

const options = { projectId: 'p', siteKey: 'site', apiKey: 'k', minScore: 0.5 };

describe('captcha', () => {
  it('off accepts every form and says so once', async () => {
    const logs: string[] = [];
    const captcha = captchaOff((m) => logs.push(m));
    expect(await captcha.verify(undefined, 'x')).toEqual({ ok: true });
    await captcha.verify('t', 'x');
    expect(logs).toHaveLength(1);
    expect(captcha.siteKey).toBeNull();
  });

  it('reCAPTCHA Enterprise accepts a valid token for the action with a good score', async () => {
    let sent: { url: string; body: unknown } | undefined;
    const fetcher = (async (url: string, init: RequestInit) => {
      sent = { url, body: JSON.parse(String(init.body)) };
      return new Response(
        JSON.stringify({ tokenProperties: { valid: true, action: 'apply' }, riskAnalysis: { score: 0.9 } }),
      );
    }) as unknown as typeof fetch;
    const verdict = await recaptchaEnterprise({ ...options, fetch: fetcher }).verify('tok', 'apply', '198.51.100.1');
    expect(verdict).toEqual({ ok: true, score: 0.9 });
    expect(sent?.url).toContain('/v1/projects/p/assessments?key=k');
    expect(sent?.body).toEqual({
      event: { token: 'tok', siteKey: 'site', expectedAction: 'apply', userIpAddress: '198.51.100.1' },
    });
  });

  it.each([
    ['a missing token', undefined, answer({}), 'missing'],
    ['an invalid token', 't', answer({ tokenProperties: { valid: false } }), 'invalid'],
    ['another action', 't', answer({ tokenProperties: { valid: true, action: 'other' } }), 'action'],
    [
      'a low score',
      't',
      answer({ tokenProperties: { valid: true, action: 'apply' }, riskAnalysis: { score: 0.1 } }),
      'score',
    ],
    ['Google down', 't', answer({}, 503), 'unavailable'],
  ])('reCAPTCHA Enterprise refuses %s', async (_name, token, fetcher, reason) => {
    const verdict = await recaptchaEnterprise({ ...options, fetch: fetcher }).verify(token, 'apply');
    expect(verdict.ok).toBe(false);
    expect(verdict.reason).toBe(reason);
  });
});
