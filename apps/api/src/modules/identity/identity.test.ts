import { t } from '@varg/i18n/server';
import { describe, expect, it } from 'vitest';
import { bearer, lastMail, mailedToken, newCustomer, useApi, withoutRequestId } from '../../../test/helper.ts';

const ctx = useApi();
const post = (url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: 'POST', url, payload: payload as object, headers });

describe('sign-up and e-mail confirmation', () => {
  it('answers the same for a new and an existing address, and e-mails each the right thing', async () => {
    const body = { email: 'Rider@Example.com', password: 'a long enough password', name: 'Rider' };
    const first = await post('/v1/user/sign-up?lang=fr&country=FR', body);
    expect(first.statusCode).toBe(202);
    const mail = await lastMail(ctx.app, 'rider@example.com');
    expect(mail?.lang).toBe('fr');
    expect(mail?.text).toMatch(/http:\/\/shop\.test\/fr-FR\/confirm-email\/[\w-]{40,}/);
    const second = await post('/v1/user/sign-up?lang=fr&country=FR', { ...body, password: 'another long password' });
    expect(second.statusCode).toBe(202);
    expect(second.json()).toEqual(first.json());
    expect((await lastMail(ctx.app, 'rider@example.com'))?.text).toMatch(/\/fr-FR\/login/);
  });

  it('e-mails a Brazilian user in Brazilian Portuguese, a Portuguese one in European', async () => {
    const body = { email: 'rider.br@example.com', password: 'a long enough password', name: 'Rider' };
    await post('/v1/user/sign-up?lang=pt&country=BR', body);
    await post('/v1/user/sign-up?lang=pt&country=BR', body);
    const brazil = await lastMail(ctx.app, 'rider.br@example.com');
    expect(brazil?.text).toContain('redefinir a sua senha, acesse http');
    await post('/v1/user/sign-up?lang=pt&country=PT', { ...body, email: 'rider.pt@example.com' });
    await post('/v1/user/sign-up?lang=pt&country=PT', { ...body, email: 'rider.pt@example.com' });
    expect((await lastMail(ctx.app, 'rider.pt@example.com'))?.text).toContain('palavra-passe, aceda a http');
  });

  it('answers in the market variant of the language the locale names (x-lang pt-BR: Brazilian Portuguese)', async () => {
    const wrong = { email: 'nobody@example.com', password: 'not the password' };
    const brazil = await post('/v1/user/sign-in', wrong, { 'x-lang': 'pt-BR' });
    expect(brazil.statusCode).toBe(401);
    expect(brazil.json().message).toBe('O endereço de e-mail ou a senha não estão corretos.');
    const portugal = await post('/v1/user/sign-in', wrong, { 'x-lang': 'pt-PT' });
    expect(portugal.json().message).toBe(t('pt', 'error_invalid_credentials'));
    expect(portugal.json().message).toContain('palavra-passe');
    const browser = await post('/v1/user/sign-in', wrong, { 'accept-language': 'pt-BR,pt;q=0.8' });
    expect(browser.json().message).toContain('senha');
    // An accepted request's message too: the catalog's, in the request's language and market.
    const reset = await post('/v1/user/password-reset', { email: 'nobody@example.com' }, { 'x-lang': 'pt-BR' });
    expect(reset.statusCode).toBe(202);
    expect(reset.json()).toMatchObject({
      t_key: 'auth_reset_sent',
      message: t({ lang: 'pt', country: 'BR' }, 'auth_reset_sent'),
    });
    expect(reset.json().message).toContain('enviamos para você');
  });

  it('refuses sign-in until the address is confirmed, after a right password only', async () => {
    await post('/v1/user/sign-up', { email: 'late@example.com', password: 'a long enough password', name: 'Late' });
    const wrong = await post('/v1/user/sign-in', { email: 'late@example.com', password: 'not the password' });
    expect(wrong.statusCode).toBe(401);
    const right = await post('/v1/user/sign-in', { email: 'late@example.com', password: 'a long enough password' });
    expect(right.statusCode).toBe(403);
    expect(right.json().code).toBe('EMAIL_NOT_CONFIRMED');
  });

  it('confirms once, signing the user in; the link then stops working', async () => {
    await post('/v1/user/sign-up?country=DE&lang=de', {
      email: 'once@example.com',
      password: 'a long enough password',
      name: 'Once',
      phone: '030 12345678',
    });
    const token = await mailedToken(ctx.app, 'once@example.com', 'confirm-email');
    const confirmed = await post(`/v1/user/confirm-email/${token}`);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    const me = await ctx.app.inject({ url: '/v1/user/me', headers: bearer(confirmed.json().token) });
    expect(me.json()).toMatchObject({
      email: 'once@example.com',
      emailConfirmed: true,
      lang: 'de',
      country: 'DE',
      phone: '+493012345678',
      isCustomer: true,
      isDealer: false,
      roles: ['customer'],
      mode: null,
    });
    const again = await post(`/v1/user/confirm-email/${token}`);
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_TOKEN');
  });

  it.each([
    [{ email: 'not-an-email', password: 'a long enough password', name: 'X' }],
    [{ email: 'short@example.com', password: 'short', name: 'X' }],
    [{ email: 'noname@example.com', password: 'a long enough password' }],
  ])('rejects bad sign-up input %j with 400 and creates nothing', async (payload) => {
    const res = await post('/v1/user/sign-up', payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(await lastMail(ctx.app, String(payload.email))).toBeUndefined();
  });
});

describe('sign-in, refresh and logout', () => {
  it('answers a wrong password and an unknown address alike', async () => {
    await newCustomer(ctx.app, 'alike@example.com');
    const unknown = await post('/v1/user/sign-in', { email: 'nobody@example.com', password: 'whatever it is' });
    const wrong = await post('/v1/user/sign-in', { email: 'alike@example.com', password: 'whatever it is' });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(withoutRequestId(unknown.json())).toEqual(withoutRequestId(wrong.json()));
  });

  it('also answers at /api/user/sign-in', async () => {
    await newCustomer(ctx.app, 'api-path@example.com');
    const res = await post('/api/user/sign-in', { email: 'API-PATH@example.com', password: 'correct horse battery' });
    expect(res.statusCode).toBe(200);
    expect(res.json().token).toBeTruthy();
  });

  it('rotates the refresh token, and a replayed one revokes the whole session', async () => {
    const first = await newCustomer(ctx.app, 'rotate@example.com');
    const second = (await post('/v1/user/refresh', { refresh_token: first.refresh_token })).json();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await ctx.app.inject({ url: '/v1/user/me', headers: bearer(second.token) })).statusCode).toBe(200);
    // The stolen first token is replayed: refused, and the legitimate new one dies with it.
    const replay = await post('/v1/user/refresh', { refresh_token: first.refresh_token });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe('INVALID_REFRESH_TOKEN');
    expect((await post('/v1/user/refresh', { refresh_token: second.refresh_token })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/v1/user/me', headers: bearer(second.token) })).statusCode).toBe(401);
    const log = await ctx.app.services.audit.list();
    expect(log.some((e) => e.action === 'session.reuse_detected')).toBe(true);
  });

  it('logout ends the session: its refresh and access tokens stop working', async () => {
    const tokens = await newCustomer(ctx.app, 'logout@example.com');
    expect((await post('/v1/user/logout', { refresh_token: tokens.refresh_token })).statusCode).toBe(204);
    expect((await post('/v1/user/refresh', { refresh_token: tokens.refresh_token })).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/v1/user/me', headers: bearer(tokens.token) })).statusCode).toBe(401);
  });

  it('checks the sessions of requests that arrive together one by one: each caller is itself, a signed-out one is refused', async () => {
    const people = await Promise.all(
      Array.from({ length: 6 }, (_, i) => newCustomer(ctx.app, `together-${i}@example.com`)),
    );
    const out = people[2];
    expect((await post('/v1/user/logout', { refresh_token: out?.refresh_token })).statusCode).toBe(204);
    // Sent in the same moment, so the guard reads their sessions in one batch.
    const answers = await Promise.all(
      people.flatMap((p) => [1, 2].map(() => ctx.app.inject({ url: '/v1/user/me', headers: bearer(p.token) }))),
    );
    answers.forEach((res, i) => {
      const person = Math.floor(i / 2);
      if (person === 2) expect(res.statusCode).toBe(401);
      else {
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().email).toBe(`together-${person}@example.com`);
      }
    });
  });

  it('refuses a missing, malformed or forged access token', async () => {
    expect((await ctx.app.inject('/v1/user/me')).statusCode).toBe(401);
    expect((await ctx.app.inject({ url: '/v1/user/me', headers: bearer('not.a.jwt') })).statusCode).toBe(401);
    const forged =
      'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIwMDAwMDAwMC0wMDAwLTAwMDAtMDAwMC0wMDAwMDAwMDAwMDAiLCJzaWQiOiJ4In0.AAAA';
    expect((await ctx.app.inject({ url: '/v1/user/me', headers: bearer(forged) })).statusCode).toBe(401);
  });

  it('limits sign-in attempts per account', async () => {
    await newCustomer(ctx.app, 'limited@example.com');
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      codes.push(
        (await post('/v1/user/sign-in', { email: 'limited@example.com', password: `guess number ${i}` }, {}))
          .statusCode,
      );
    }
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});

describe('PUT /v1/user/:id', () => {
  it('updates the own profile and formats the phone for the country', async () => {
    const { token } = await newCustomer(ctx.app, 'profile@example.com');
    const me = (await ctx.app.inject({ url: '/v1/user/me', headers: bearer(token) })).json();
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/v1/user/${me._id}`,
      headers: bearer(token),
      payload: {
        name: 'Grace',
        secondName: 'Hopper',
        dateOfBirth: '1990-12-09',
        phone: '06 12 34 56 78',
        country: 'FR',
        lang: 'fr',
      },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      name: 'Grace',
      secondName: 'Hopper',
      dateOfBirth: '1990-12-09',
      phone: '+33612345678',
      country: 'FR',
      lang: 'fr',
    });
    expect(res.json().customer.personalInfo).toMatchObject({ name: 'Grace', surname: 'Hopper', dob: '1990-12-09' });
  });

  it('answers 403 for another user and changes nothing', async () => {
    const a = await newCustomer(ctx.app, 'owner-a@example.com');
    const b = await newCustomer(ctx.app, 'owner-b@example.com');
    const bId = (await ctx.app.inject({ url: '/v1/user/me', headers: bearer(b.token) })).json()._id;
    const res = await ctx.app.inject({
      method: 'PUT',
      url: `/v1/user/${bId}`,
      headers: bearer(a.token),
      payload: { name: 'Mallory' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
    expect((await ctx.app.inject({ url: '/v1/user/me', headers: bearer(b.token) })).json().name).toBe('Ada');
  });

  it('rejects mixed or unknown fields with 400', async () => {
    const { token } = await newCustomer(ctx.app, 'mixed@example.com');
    const id = (await ctx.app.inject({ url: '/v1/user/me', headers: bearer(token) })).json()._id;
    for (const payload of [
      { name: 'X', newPassword: 'a new long password' },
      { roles: ['admin'] },
      { dateOfBirth: '31/12/1990' },
    ]) {
      const res = await ctx.app.inject({ method: 'PUT', url: `/v1/user/${id}`, headers: bearer(token), payload });
      expect(res.statusCode).toBe(400);
    }
    expect((await ctx.app.inject({ url: '/v1/user/me', headers: bearer(token) })).json().roles).toEqual(['customer']);
  });

  it('changes the password with the current one, ending the other sessions but not this one', async () => {
    const here = await newCustomer(ctx.app, 'change@example.com');
    const elsewhere = (
      await post('/v1/user/sign-in', { email: 'change@example.com', password: 'correct horse battery' })
    ).json();
    const id = (await ctx.app.inject({ url: '/v1/user/me', headers: bearer(here.token) })).json()._id;
    const wrong = await ctx.app.inject({
      method: 'PUT',
      url: `/v1/user/${id}`,
      headers: bearer(here.token),
      payload: { currentPassword: 'nope', newPassword: 'a brand new password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe('WRONG_PASSWORD');
    const ok = await ctx.app.inject({
      method: 'PUT',
      url: `/v1/user/${id}`,
      headers: bearer(here.token),
      payload: { currentPassword: 'correct horse battery', newPassword: 'a brand new password' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await post('/v1/user/refresh', { refresh_token: elsewhere.refresh_token })).statusCode).toBe(401);
    const renewed = await post('/v1/user/refresh', { refresh_token: here.refresh_token });
    expect(renewed.statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/v1/user/me', headers: bearer(renewed.json().token) })).statusCode).toBe(200);
    expect(
      (await post('/v1/user/sign-in', { email: 'change@example.com', password: 'a brand new password' })).statusCode,
    ).toBe(200);
    // The notice goes out in the account's language (German, from sign-up).
    expect((await lastMail(ctx.app, 'change@example.com'))?.subject).toBe(t('de', 'email_password_changed_subject'));
  });
});

describe('password reset', () => {
  it('answers the same for unknown addresses, and resets with the mailed link once', async () => {
    const tokens = await newCustomer(ctx.app, 'forgot@example.com');
    const unknown = await post('/v1/user/password-reset', { email: 'ghost@example.com' });
    const known = await post('/v1/user/password-reset', { email: 'forgot@example.com' });
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual(unknown.json());
    expect(await lastMail(ctx.app, 'ghost@example.com')).toBeUndefined();
    const token = await mailedToken(ctx.app, 'forgot@example.com', 'reset-password');
    const reset = await post(`/v1/user/password-reset/${token}`, { password: 'my new long password' });
    expect(reset.statusCode).toBe(200);
    expect((await post('/v1/user/refresh', { refresh_token: tokens.refresh_token })).statusCode).toBe(401);
    expect(
      (await post('/v1/user/sign-in', { email: 'forgot@example.com', password: 'correct horse battery' })).statusCode,
    ).toBe(401);
    expect(
      (await post('/v1/user/sign-in', { email: 'forgot@example.com', password: 'my new long password' })).statusCode,
    ).toBe(200);
    expect((await post(`/v1/user/password-reset/${token}`, { password: 'yet another password' })).statusCode).toBe(400);
  });
});

describe('GET /v1/dealer/my', () => {
  it('is an empty array for a customer and needs a session', async () => {
    const { token } = await newCustomer(ctx.app, 'not-a-dealer@example.com');
    expect((await ctx.app.inject({ url: '/v1/dealer/my', headers: bearer(token) })).json()).toEqual([]);
    expect((await ctx.app.inject('/v1/dealer/my')).statusCode).toBe(401);
  });
});

describe('dev mailbox', () => {
  it('answers only callers on this machine by default: it holds one-time links', async () => {
    expect((await ctx.app.inject({ url: '/v1/dev/mailbox', remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
    const outside = await ctx.app.inject({ url: '/v1/dev/mailbox', remoteAddress: '198.51.100.7' });
    expect(outside.statusCode).toBe(404);
    expect(outside.json().code).toBe('NOT_FOUND');
  });
});
