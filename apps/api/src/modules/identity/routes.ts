import {
  Accepted,
  CurrentUser,
  Dealer,
  EmailBody,
  ErrorEnvelope,
  RefreshBody,
  ResetPasswordBody,
  SignInBody,
  SignUpBody,
  SignUpQuery,
  TokenPair,
  TokenParams,
  UserParams,
  UserUpdateBody,
} from '@varg/contracts';
import { t } from '@varg/i18n/server';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../lib/api-error.ts';
import { requestLanguage } from '../../lib/request-language.ts';
import type { Guards } from './auth.ts';
import type { IdentityService } from './service.ts';

const meta = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });
const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 429: ErrorEnvelope };
const NO_STORE = 'no-store';

/**
 * Per IP and per account, so neither many addresses from one IP nor many IPs on one address get far. Built on the
 * rate-limit plugin's store (Redis when configured), as checks: the plugin's own hook runs one limiter per request.
 */
function limits(app: Parameters<FastifyPluginAsyncZod>[0], perIp: number, perAccount: number) {
  const byIp = app.createRateLimit({ max: perIp, timeWindow: '15 minutes', keyGenerator: (r) => `ip:${r.ip}` });
  const byAccount = app.createRateLimit({
    max: perAccount,
    timeWindow: '15 minutes',
    keyGenerator: (r) =>
      `account:${String((r.body as { email?: unknown } | undefined)?.email ?? '')
        .trim()
        .toLowerCase()}`,
  });
  return async (request: FastifyRequest, reply: FastifyReply) => {
    for (const check of [byIp, byAccount]) {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        reply.header('retry-after', result.ttlInSeconds);
        throw new ApiError('RATE_LIMITED');
      }
    }
  };
}

export const identityRoutes: FastifyPluginAsyncZod<{
  identity: IdentityService;
  guards: Guards;
  /** Register only the sign-in route (the spec's `/api/user/sign-in` lives outside `/v1`). */
  signInOnly?: boolean;
  /** Sign-ins of one account per 15 minutes (SIGN_IN_LIMIT_PER_ACCOUNT, default 10). */
  signInPerAccount?: number;
}> = async (app, { identity, guards, signInOnly, signInPerAccount = 10 }) => {
  const translated = <T extends { t_key: string }>(request: FastifyRequest, body: T) => ({
    ...body,
    message: t(requestLanguage(request), body.t_key),
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
      preHandler: limits(app, 30, signInPerAccount),
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
      preHandler: limits(app, 20, 5),
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
    },
    async (request, reply) => {
      await identity.logout(request.body.refresh_token);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/user/me',
    {
      schema: { tags: ['identity'], summary: 'The signed-in user', response: { 200: CurrentUser, ...errors } },
      preHandler: guards.requireAuth,
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      // biome-ignore lint/style/noNonNullAssertion: requireAuth guarantees it
      return identity.me(request.auth!);
    },
  );

  app.put(
    '/user/:id',
    {
      schema: {
        tags: ['identity'],
        summary: 'Update the profile, or change the password',
        description:
          "Only the user's own id (403 otherwise). A password change sends only `currentPassword` and `newPassword` and ends every other session. A new e-mail address must be confirmed again.",
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
    '/user/password-reset',
    {
      schema: {
        tags: ['identity'],
        summary: 'E-mail a password reset link',
        description: 'Always 202, whether or not the address has an account.',
        body: EmailBody,
        response: { 202: Accepted, ...errors },
      },
      preHandler: limits(app, 20, 3),
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
      preHandler: limits(app, 20, 1000),
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
      preHandler: limits(app, 20, 1000),
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
      preHandler: limits(app, 20, 3),
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
