import {
  Accepted,
  type CartSummary,
  CurrentUser,
  Dealer,
  EmailBody,
  EmailChangeBody,
  ErrorEnvelope,
  RefreshBody,
  ResetPasswordBody,
  SignInBody,
  SignUpBody,
  SignUpQuery,
  TokenPair,
  TokenParams,
  UserMe,
  UserMeQuery,
  UserParams,
  UserUpdateBody,
} from '@varg/contracts';
import { t } from '@varg/i18n/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../lib/api-error.ts';
import { requestLocale } from '../../lib/request-language.ts';
import { errorResponses } from '../../lib/route-responses.ts';
import type { Guards } from './auth.ts';
import type { IdentityService } from './service.ts';
import { sha256 } from './tokens.ts';

const meta = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });
const errors = errorResponses(400, 401, 403, 429);
const NO_STORE = 'no-store';

type App = Parameters<FastifyPluginAsyncZod>[0];

/** Answers 429 RATE_LIMITED when any of the checks is exceeded. */
function limited(checks: Array<ReturnType<App['createRateLimit']>>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    for (const check of checks) {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', result.ttlInSeconds);
        throw new ApiError('RATE_LIMITED');
      }
    }
  };
}

/**
 * Per IP and per account, so neither many addresses from one IP nor many IPs on one address get far. Built on the
 * rate-limit plugin's store (Redis when configured), as checks: the plugin's own hook runs one limiter per request.
 * Each limiter's keys carry its name: the Redis store gives limiters made this way one shared key space.
 */
function limits(app: App, name: string, perIp: number, perAccount: number) {
  const byIp = app.createRateLimit({
    max: perIp,
    timeWindow: '15 minutes',
    keyGenerator: (r) => `${name}:ip:${r.ip}`,
  });
  const byAccount = app.createRateLimit({
    max: perAccount,
    timeWindow: '15 minutes',
    keyGenerator: (r) =>
      `${name}:account:${String((r.body as { email?: unknown } | undefined)?.email ?? '')
        .trim()
        .toLowerCase()}`,
  });
  return limited([byIp, byAccount]);
}

/**
 * Routes of an e-mailed one-time token: per IP, and per token (its hash, so the store never holds the secret). Not
 * one bucket shared by every token, which let one caller's attempts block everybody's links.
 */
export function tokenLimits(app: App, name: string, perIp: number, perToken: number) {
  const byIp = app.createRateLimit({
    max: perIp,
    timeWindow: '15 minutes',
    keyGenerator: (r) => `${name}:ip:${r.ip}`,
  });
  const byToken = app.createRateLimit({
    max: perToken,
    timeWindow: '15 minutes',
    keyGenerator: (r) => `${name}:token:${sha256(String((r.params as { token?: unknown }).token ?? ''))}`,
  });
  return limited([byIp, byToken]);
}

export const identityRoutes: FastifyPluginAsyncZod<{
  identity: IdentityService;
  guards: Guards;
  /** Register only the sign-in route (the spec's `/api/user/sign-in` lives outside `/v1`). */
  signInOnly?: boolean;
  /** Sign-ins of one account per 15 minutes (SIGN_IN_LIMIT_PER_ACCOUNT, default 10). */
  signInPerAccount?: number;
  /** The user's open cart, for `user/me?include=cart` (the cart module's; null: none). */
  cartOf?: (userId: string) => Promise<CartSummary | null>;
}> = async (app, { identity, guards, signInOnly, signInPerAccount = 10, cartOf = async () => null }) => {
  const translated = <T extends { t_key: string }>(request: FastifyRequest, body: T) => ({
    ...body,
    message: t(requestLocale(request), body.t_key),
  });

  app.post(
    '/user/sign-in',
    {
      schema: {
        tags: ['identity'],
        summary: 'Sign in',
        description:
          '401 INVALID_CREDENTIALS for a wrong address or password alike; 403 EMAIL_NOT_CONFIRMED after a right password on an unconfirmed address.',
        body: SignInBody,
        response: { 200: TokenPair, ...errors },
      },
      preHandler: limits(app, 'sign-in', 30, signInPerAccount),
      config: { ignoreAuthorization: true },
    },
    async (request, reply) => {
      reply.header('cache-control', NO_STORE);
      return identity.signIn(request.body, meta(request));
    },
  );
  if (signInOnly) return;

  app.post(
    '/user/sign-up',
    {
      schema: {
        tags: ['identity'],
        summary: 'Create an account',
        description:
          'Always answers 202 "check your e-mail", whether or not the address already has an account (no enumeration); a confirmation link, or a note that the account exists, is e-mailed. `lang` and `country` in the query become the account\'s.',
        querystring: SignUpQuery,
        body: SignUpBody,
        response: { 202: Accepted, ...errors },
      },
      preHandler: limits(app, 'sign-up', 20, 5),
    },
    async (request, reply) => {
      const result = await identity.signUp(request.body, request.query, meta(request));
      return reply.code(202).send(translated(request, result));
    },
  );

  app.post(
    '/user/refresh',
    {
      schema: {
        tags: ['identity'],
        summary: 'Rotate the refresh token',
        description: 'Each refresh token works once. Presenting a used one again revokes every token of that sign-in.',
        body: RefreshBody,
        response: { 200: TokenPair, ...errors },
      },
      config: { ignoreAuthorization: true },
    },
    async (request, reply) => {
      reply.header('cache-control', NO_STORE);
      return identity.refresh(request.body.refresh_token, meta(request));
    },
  );

  app.post(
    '/user/logout',
    {
      schema: {
        tags: ['identity'],
        summary: 'End the session of this refresh token',
        body: RefreshBody,
        response: { 204: z.null(), 400: ErrorEnvelope },
      },
      config: { ignoreAuthorization: true },
    },
    async (request, reply) => {
      await identity.logout(request.body.refresh_token);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/user/me',
    {
      schema: {
        tags: ['identity'],
        summary: 'The signed-in user',
        description:
          'With `include=cart` also the summary of the user’s open cart (`cart`, null when none): a page that shows who is signed in and the cart’s badge makes one call.',
        querystring: UserMeQuery,
        response: { 200: UserMe, ...errors },
      },
      preHandler: guards.requireAuth,
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      // biome-ignore lint/style/noNonNullAssertion: requireAuth guarantees it
      const auth = request.auth!;
      if (request.query.include !== 'cart') return identity.me(auth);
      const [me, cart] = await Promise.all([identity.me(auth), cartOf(auth.userId)]);
      return { ...me, cart };
    },
  );

  app.put(
    '/user/:id',
    {
      schema: {
        tags: ['identity'],
        summary: 'Update the profile, or change the password',
        description:
          "Only the user's own id (403 otherwise). A password change sends only `currentPassword` and `newPassword` and ends every other session (403 IMPERSONATION_NOT_ALLOWED while an administrator acts as the user). `email` may only repeat the current address: another one is a 400 EMAIL_CHANGE_NEEDS_PASSWORD (use `POST user/email-change`).",
        params: UserParams,
        body: UserUpdateBody,
        response: { 200: CurrentUser, 409: ErrorEnvelope, ...errors },
      },
      preHandler: guards.requireAuth,
    },
    // biome-ignore lint/style/noNonNullAssertion: requireAuth guarantees it
    async (request) => identity.updateUser(request.auth!, request.params.id, request.body, meta(request)),
  );

  app.post(
    '/user/email-change',
    {
      schema: {
        tags: ['identity'],
        summary: 'Change the sign-in e-mail address',
        description:
          "Needs the current password (400 WRONG_PASSWORD). The new address gets a link to confirm it (`POST user/email-change/{token}`, valid 24 hours) and is `pendingEmail` until then: the old address stays the sign-in address and is told of the change, in the user's language. Asking again replaces the pending address. 409 EMAIL_TAKEN when another account uses it, 400 EMAIL_UNCHANGED for the own address, 403 IMPERSONATION_NOT_ALLOWED while an administrator acts as the user; nothing changes then.",
        body: EmailChangeBody,
        response: { 202: CurrentUser, 409: ErrorEnvelope, ...errors },
      },
      preHandler: [guards.requireAuth, limits(app, 'email-change', 10, 5)],
    },
    async (request, reply) =>
      // biome-ignore lint/style/noNonNullAssertion: requireAuth guarantees it
      reply.code(202).send(await identity.requestEmailChange(request.auth!, request.body, meta(request))),
  );

  app.delete(
    '/user/email-change',
    {
      schema: {
        tags: ['identity'],
        summary: 'Cancel a pending change of the e-mail address',
        description: 'Its link stops working. Nothing pending: answers the user as it is.',
        response: { 200: CurrentUser, ...errors },
      },
      preHandler: guards.requireAuth,
    },
    // biome-ignore lint/style/noNonNullAssertion: requireAuth guarantees it
    async (request) => identity.cancelEmailChange(request.auth!, meta(request)),
  );

  app.post(
    '/user/email-change/:token',
    {
      schema: {
        tags: ['identity'],
        summary: 'Confirm a new e-mail address with the link e-mailed to it',
        description:
          'The pending address becomes the sign-in address. 400 INVALID_TOKEN for an unknown, used, expired or cancelled link (or one sent for an address asked for before the pending one); 409 EMAIL_TAKEN when another account took the address meanwhile. Signs nobody in.',
        params: TokenParams,
        response: { 200: Accepted, 409: ErrorEnvelope, ...errors },
      },
      preHandler: tokenLimits(app, 'change-token', 20, 5),
    },
    async (request) => translated(request, await identity.confirmEmailChange(request.params.token, meta(request))),
  );

  app.post(
    '/user/password-reset',
    {
      schema: {
        tags: ['identity'],
        summary: 'E-mail a password reset link',
        description: 'Always 202, whether or not the address has an account.',
        body: EmailBody,
        response: { 202: Accepted, ...errors },
      },
      preHandler: limits(app, 'reset', 20, 3),
    },
    async (request, reply) =>
      reply.code(202).send(translated(request, await identity.requestPasswordReset(request.body.email))),
  );

  app.post(
    '/user/password-reset/:token',
    {
      schema: {
        tags: ['identity'],
        summary: 'Set a new password with an e-mailed token',
        params: TokenParams,
        body: ResetPasswordBody,
        response: { 200: Accepted, ...errors },
      },
      preHandler: tokenLimits(app, 'reset-token', 20, 5),
    },
    async (request) =>
      translated(request, await identity.resetPassword(request.params.token, request.body.password, meta(request))),
  );

  app.post(
    '/user/confirm-email/:token',
    {
      schema: {
        tags: ['identity'],
        summary: 'Confirm the e-mail address with an e-mailed token; signs the user in',
        params: TokenParams,
        response: { 200: TokenPair, ...errors },
      },
      preHandler: tokenLimits(app, 'confirm-token', 20, 5),
    },
    async (request) => identity.confirmEmail(request.params.token, meta(request)),
  );

  app.post(
    '/user/confirm-email/resend',
    {
      schema: {
        tags: ['identity'],
        summary: 'E-mail a new confirmation link',
        body: EmailBody,
        response: { 202: Accepted, ...errors },
      },
      preHandler: limits(app, 'resend', 20, 3),
    },
    async (request, reply) =>
      reply.code(202).send(translated(request, await identity.resendConfirmation(request.body.email))),
  );

  app.get(
    '/dealer/my',
    {
      schema: {
        tags: ['identity'],
        summary: "The caller's dealer record",
        description: 'An array whose first item is the dealer record; empty for a customer.',
        response: { 200: z.array(Dealer), ...errors },
      },
      preHandler: guards.requireAuth,
    },
    // biome-ignore lint/style/noNonNullAssertion: requireAuth guarantees it
    async (request) => identity.dealerMy(request.auth!),
  );
};
