import { emailTokens, users } from '@varg/db';
import { t } from '@varg/i18n/server';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accountsApi, call, canSignIn, ctx, nextIp, refused, userByEmail } from '../../../test/accounts-fixture.ts';
import { bearer, lastMail, mailedToken, newCustomer } from '../../../test/helper.ts';

// Issue 22, "Accounts": optional auth, per-token limits of e-mailed links and changing the e-mail address (decision
// 028). Impersonation limits (accounts-impersonation) have their own file; the shared setup is
// apps/api/test/accounts-fixture.ts.

accountsApi();

describe('routes open to anonymous callers, with an Authorization header', () => {
  it('stay anonymous without the header', async () => {
    const res = await call('GET', '/v1/test/caller');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ auth: null });
  });

  it('refuse a malformed, badly signed or non-Bearer header with 401 instead of treating the caller as anonymous', async () => {
    for (const authorization of ['Bearer nonsense', 'Bearer ', 'Basic dXNlcjpwYXNz', 'eyJhbGciOiJIUzI1NiJ9.e30.x']) {
      const res = await ctx.app.inject({ url: '/v1/test/caller', headers: { authorization, 'x-lang': 'en' } });
      refused(res, 401, 'UNAUTHORIZED');
    }
    // A real route of that kind: the auction's axes.
    refused(await call('GET', '/v1/axes/1/10', 'not.a.token'), 401, 'UNAUTHORIZED');
  });

  it('refuse the token of a sign-in that ended, on the route and on a real anonymous route alike', async () => {
    const session = await newCustomer(ctx.app, 'optional-revoked@example.com');
    expect((await call('GET', '/v1/test/caller', session.token)).json().auth.roles).toEqual(['customer']);
    expect((await call('POST', '/v1/user/logout', null, { refresh_token: session.refresh_token })).statusCode).toBe(
      204,
    );
    refused(await call('GET', '/v1/test/caller', session.token), 401, 'UNAUTHORIZED');
    refused(await call('GET', '/v1/axes/1/10', session.token), 401, 'UNAUTHORIZED');
  });

  it('read the roles from the database, not from the token', async () => {
    const session = await newCustomer(ctx.app, 'optional-demoted@example.com');
    await ctx.database.db
      .update(users)
      .set({ roles: ['customer', 'dealer'] })
      .where(eq(users.email, 'optional-demoted@example.com'));
    expect((await call('GET', '/v1/test/caller', session.token)).json().auth.roles).toEqual(['customer', 'dealer']);
    await ctx.database.db
      .update(users)
      .set({ roles: ['customer'] })
      .where(eq(users.email, 'optional-demoted@example.com'));
    expect((await call('GET', '/v1/test/caller', session.token)).json().auth.roles).toEqual(['customer']);
  });

  it('do not stop a client with an expired access token from refreshing or signing in again', async () => {
    const session = await newCustomer(ctx.app, 'optional-refresh@example.com');
    const refreshed = await ctx.app.inject({
      method: 'POST',
      url: '/v1/user/refresh',
      headers: bearer('an.expired.token'),
      payload: { refresh_token: session.refresh_token },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/v1/user/sign-in',
      remoteAddress: nextIp(),
      headers: bearer('an.expired.token'),
      payload: { email: 'optional-refresh@example.com', password: 'correct horse battery' },
    });
    expect(again.statusCode, again.body).toBe(200);
  });
});

describe('limits of e-mailed links, per token', () => {
  it("one caller's wrong links do not block anybody else's reset", async () => {
    await newCustomer(ctx.app, 'limit-reset@example.com');
    // 1,050 guessed links from 70 addresses, each well under its own per-address limit.
    for (let batch = 0; batch < 21; batch++) {
      await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          ctx.app.inject({
            method: 'POST',
            url: `/v1/user/password-reset/guessed-token-${batch}-${i}-${'x'.repeat(20)}`,
            remoteAddress: `203.0.113.${((batch * 50 + i) % 70) + 1}`,
            payload: { password: 'a long enough password' },
          }),
        ),
      ).then((answers) => {
        for (const a of answers) expect(a.statusCode, a.body).toBe(400);
      });
    }
    await call('POST', '/v1/user/password-reset', null, { email: 'limit-reset@example.com' });
    const token = await mailedToken(ctx.app, 'limit-reset@example.com', 'reset-password');
    const reset = await call('POST', `/v1/user/password-reset/${token}`, null, { password: 'my new long password' });
    expect(reset.statusCode, reset.body).toBe(200);
  });

  it('one link is tried at most 5 times in 15 minutes, from any number of addresses', async () => {
    const token = `one-guessed-token-${'y'.repeat(30)}`;
    for (let i = 0; i < 5; i++) refused(await call('POST', `/v1/user/confirm-email/${token}`), 400, 'INVALID_TOKEN');
    refused(await call('POST', `/v1/user/confirm-email/${token}`), 429, 'RATE_LIMITED');
    // Another link is not affected.
    refused(await call('POST', `/v1/user/confirm-email/${token}-other`), 400, 'INVALID_TOKEN');
  });
});

describe('changing the e-mail address', () => {
  const linkIn = (text: string | undefined) => /\/confirm-email-change\/([\w-]+)/.exec(text ?? '')?.[1];

  it('needs the current password, stays pending until the new address confirms, and tells the old one', async () => {
    const session = await newCustomer(ctx.app, 'move-from@example.com');
    const requested = await call('POST', '/v1/user/email-change', session.token, {
      email: 'Move-To@Example.com',
      currentPassword: 'correct horse battery',
    });
    expect(requested.statusCode, requested.body).toBe(202);
    expect(requested.json()).toMatchObject({ email: 'move-from@example.com', pendingEmail: 'move-to@example.com' });

    // The old address still signs in; the new one does not yet.
    expect(await canSignIn('move-from@example.com', 'correct horse battery')).toBe(true);
    expect(await canSignIn('move-to@example.com', 'correct horse battery')).toBe(false);

    // In the account's language (German, from sign-up): a link to the new address, a notice to the old one.
    const toNew = await lastMail(ctx.app, 'move-to@example.com');
    expect(toNew?.lang).toBe('de');
    expect(toNew?.subject).toBe(t('de', 'email_change_confirm_subject'));
    expect(toNew?.text).toMatch(/http:\/\/shop\.test\/de-DE\/confirm-email-change\/[\w-]{40,}/);
    const toOld = await lastMail(ctx.app, 'move-from@example.com');
    expect(toOld?.subject).toBe(t('de', 'email_change_notice_subject'));
    expect(toOld?.text).toContain('move-to@example.com');
    expect(linkIn(toOld?.text)).toBeUndefined();

    const token = linkIn(toNew?.text);
    const confirmed = await call('POST', `/v1/user/email-change/${token}`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().message).toBe(t('en-us', 'account_email_change_done'));
    expect(await canSignIn('move-to@example.com', 'correct horse battery')).toBe(true);
    expect(await canSignIn('move-from@example.com', 'correct horse battery')).toBe(false);
    expect((await call('GET', '/v1/user/me', session.token)).json()).toMatchObject({
      email: 'move-to@example.com',
      pendingEmail: null,
      emailConfirmed: true,
    });
    refused(await call('POST', `/v1/user/email-change/${token}`), 400, 'INVALID_TOKEN');
  });

  it('refuses a wrong password, a taken or the same address and bad input, changing nothing', async () => {
    const session = await newCustomer(ctx.app, 'stay@example.com');
    const ask = (payload: object) => call('POST', '/v1/user/email-change', session.token, payload);
    refused(await ask({ email: 'elsewhere@example.com', currentPassword: 'not my password' }), 400, 'WRONG_PASSWORD');
    refused(
      await ask({ email: 'customer@demo.starkfuture.com', currentPassword: 'correct horse battery' }),
      409,
      'EMAIL_TAKEN',
    );
    refused(await ask({ email: 'Stay@example.com', currentPassword: 'correct horse battery' }), 400, 'EMAIL_UNCHANGED');
    refused(await ask({ email: 'not an address', currentPassword: 'correct horse battery' }), 400, 'VALIDATION_ERROR');
    refused(await ask({ email: 'elsewhere@example.com' }), 400, 'VALIDATION_ERROR');
    refused(
      await call('POST', '/v1/user/email-change', null, {
        email: 'elsewhere@example.com',
        currentPassword: 'correct horse battery',
      }),
      401,
      'UNAUTHORIZED',
    );
    // The profile form cannot change it either.
    const id = (await userByEmail('stay@example.com'))?.id;
    refused(
      await call('PUT', `/v1/user/${id}`, session.token, { email: 'elsewhere@example.com' }),
      400,
      'EMAIL_CHANGE_NEEDS_PASSWORD',
    );
    expect(
      (await call('PUT', `/v1/user/${id}`, session.token, { email: 'stay@example.com', name: 'Ada' })).statusCode,
    ).toBe(200);
    const user = await userByEmail('stay@example.com');
    expect(user?.pendingEmail).toBeNull();
    expect(user?.emailConfirmedAt).not.toBeNull();
    expect(await lastMail(ctx.app, 'elsewhere@example.com')).toBeUndefined();
    const tokens = await ctx.database.db
      .select()
      .from(emailTokens)
      .where(and(eq(emailTokens.userId, user?.id ?? ''), eq(emailTokens.purpose, 'change_email')));
    expect(tokens).toEqual([]);
  });

  it('a new request replaces the pending address; cancelling ends it; old links stop working', async () => {
    const session = await newCustomer(ctx.app, 'fickle@example.com');
    const ask = (email: string) =>
      call('POST', '/v1/user/email-change', session.token, { email, currentPassword: 'correct horse battery' });
    expect((await ask('first-choice@example.com')).statusCode).toBe(202);
    const first = linkIn((await lastMail(ctx.app, 'first-choice@example.com'))?.text);
    expect((await ask('second-choice@example.com')).json().pendingEmail).toBe('second-choice@example.com');
    refused(await call('POST', `/v1/user/email-change/${first}`), 400, 'INVALID_TOKEN');
    const second = linkIn((await lastMail(ctx.app, 'second-choice@example.com'))?.text);
    const cancelled = await call('DELETE', '/v1/user/email-change', session.token);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json()).toMatchObject({ email: 'fickle@example.com', pendingEmail: null });
    refused(await call('POST', `/v1/user/email-change/${second}`), 400, 'INVALID_TOKEN');
    expect(await canSignIn('fickle@example.com', 'correct horse battery')).toBe(true);
  });

  it('refuses the link when another account took the address meanwhile', async () => {
    const session = await newCustomer(ctx.app, 'slow@example.com');
    await call('POST', '/v1/user/email-change', session.token, {
      email: 'race@example.com',
      currentPassword: 'correct horse battery',
    });
    const token = linkIn((await lastMail(ctx.app, 'race@example.com'))?.text);
    await newCustomer(ctx.app, 'race@example.com');
    refused(await call('POST', `/v1/user/email-change/${token}`), 409, 'EMAIL_TAKEN');
    expect((await userByEmail('slow@example.com'))?.email).toBe('slow@example.com');
  });
});
