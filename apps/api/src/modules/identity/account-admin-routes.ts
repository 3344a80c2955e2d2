import { AdminAccount, AdminAccountPage, AdminAccountQuery, ErrorEnvelope } from '@varg/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminActor } from '../../lib/admin-list.ts';
import type { AccountAdminService } from './account-admin.ts';
import type { Guards } from './auth.ts';

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };
const TAGS = ['admin'];
const WHO = 'Administrators only (anyone else 403 FORBIDDEN, anonymous 401).';
const Params = z.object({ id: z.string().trim().min(1).max(100).meta({ description: 'The account’s id (UUID)' }) });
const NO_STORE = 'private, no-store';

/**
 * `/v1/admin/customers…`: every person's account in the back office, staff included (issue 24 item 6; decision 044).
 */
export const accountAdminRoutes: FastifyPluginAsyncZod<{ accounts: AccountAdminService; guards: Guards }> = async (
  app,
  { accounts, guards },
) => {
  const preHandler = guards.requireRole('admin');

  app.get(
    '/admin/customers',
    {
      preHandler,
      schema: {
        tags: TAGS,
        summary: 'Find accounts: search, filter, sort, page',
        description: `\`q\` searches the e-mail address, the name (first and last) and the phone number (digits compared without spaces). Filters: \`country\`, \`confirmed\` (yes/no: e-mail address confirmed), \`disabled\` (yes/no). Sorted by \`createdAt\` (newest first) unless \`sort\` says otherwise. Every account is listed, staff and dealers included; \`actAs\` tells whether an administrator may act as it. ${WHO}`,
        querystring: AdminAccountQuery,
        response: { 200: AdminAccountPage, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', NO_STORE);
      return accounts.list(request.query);
    },
  );

  app.get(
    '/admin/customers/:id',
    {
      preHandler,
      schema: {
        tags: TAGS,
        summary: 'One account with its active sign-ins',
        description: `The profile, the dealer record's id and status (if any), whether it is disabled and since when, and its active sign-ins (not ended, not expired): started, last refreshed, expiry, address and browser, and the administrator when it is an impersonation. An unknown id is a 404 USER_NOT_FOUND. ${WHO}`,
        params: Params,
        response: { 200: AdminAccount, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', NO_STORE);
      return accounts.read(request.params.id);
    },
  );

  for (const disabled of [true, false]) {
    app.post(
      `/admin/customers/:id/${disabled ? 'disable' : 'enable'}`,
      {
        preHandler,
        schema: {
          tags: TAGS,
          summary: disabled ? 'Disable an account: its sign-ins end at once' : 'Enable a disabled account again',
          description: disabled
            ? `Every sign-in of the account ends in the same transaction (its access tokens are refused from the next request on), and signing in, refreshing or confirming an address answers 403 ACCOUNT_DISABLED until it is enabled. An administrator cannot disable themselves (400 ACCOUNT_DISABLE_SELF) nor the last active administrator (409 LAST_ADMIN). Audited (\`user.disabled\`). Disabling a disabled account changes nothing. ${WHO}`
            : `The account may sign in again (its ended sign-ins stay ended). Audited (\`user.enabled\`). ${WHO}`,
          params: Params,
          response: { 200: AdminAccount, ...errors },
        },
      },
      async (request) => accounts.setDisabled(adminActor(request), request.params.id, disabled),
    );
  }

  app.delete(
    '/admin/customers/:id/sessions',
    {
      preHandler,
      schema: {
        tags: TAGS,
        summary: 'End every sign-in of the account',
        description: `The account's tokens are refused from the next request on; it can sign in again. Audited (\`user.sessions_ended\`) when any was active. ${WHO}`,
        params: Params,
        response: { 200: AdminAccount, ...errors },
      },
    },
    async (request) => accounts.endSessions(adminActor(request), request.params.id),
  );

  app.delete(
    '/admin/customers/:id/sessions/:familyId',
    {
      preHandler,
      schema: {
        tags: TAGS,
        summary: 'End one sign-in of the account',
        description: `A sign-in that is not active or not the account's is a 404 SESSION_NOT_FOUND. Audited (\`user.session_ended\`). ${WHO}`,
        params: Params.extend({ familyId: z.string().trim().min(1).max(100) }),
        response: { 200: AdminAccount, ...errors },
      },
    },
    async (request) => accounts.endSessions(adminActor(request), request.params.id, request.params.familyId),
  );

  app.post(
    '/admin/customers/:id/confirmation-email',
    {
      preHandler,
      schema: {
        tags: TAGS,
        summary: 'Send the e-mail address confirmation link again',
        description: `In the account's language, as at sign-up. An address confirmed already is a 409 EMAIL_ALREADY_CONFIRMED. Audited (\`user.confirmation_resent\`). ${WHO}`,
        params: Params,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await accounts.resendConfirmation(adminActor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
