import { randomUUID } from 'node:crypto';
import {
  AUDITED_ENTITIES,
  AuditTrailEntry,
  ErrorEnvelope,
  listQuery,
  pageOf,
  RefreshBody,
  TokenPair,
} from '@varg/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../lib/api-error.ts';
import type { AuditService } from '../audit/service.ts';
import type { Guards } from '../identity/auth.ts';
import type { IdentityService } from '../identity/service.ts';
import type { UserAdmin } from '../identity/user-admin.ts';

const UserSummary = z.object({
  _id: z.string(),
  email: z.string(),
  name: z.string(),
  secondName: z.string(),
  roles: z.array(z.string()),
  country: z.string(),
  actAs: z.boolean().meta({ description: 'Whether an administrator may act as this user (a customer only)' }),
});
/** An administrator acts as a customer for at most an hour (issue 22). */
export const IMPERSONATION_TTL_S = 60 * 60;

/** Only a customer can be acted as: no staff role (a dealer record is checked apart). */
const isCustomerOnly = (roles: string[]) => roles.length > 0 && roles.every((role) => role === 'customer');

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope };

/** Administrators: find users, act as a customer (mode demo_user), read the audit log. */
export const adminRoutes: FastifyPluginAsyncZod<{
  guards: Guards;
  identity: IdentityService;
  users: UserAdmin;
  audit: AuditService;
}> = async (app, { guards, identity, users, audit }) => {
  const admin = guards.requireRole('admin');

  app.get(
    '/admin/users',
    {
      schema: {
        tags: ['admin'],
        summary: 'Find users by e-mail address or name',
        querystring: z.object({ search: z.string().trim().min(2).max(100) }),
        response: { 200: z.object({ docs: z.array(UserSummary) }), ...errors },
      },
      preHandler: admin,
    },
    async (request) => {
      const found = await users.search(request.query.search);
      return {
        docs: found.map(({ user: u, hasDealer }) => ({
          _id: u.id,
          email: u.email,
          name: u.name,
          secondName: u.secondName,
          roles: u.roles,
          country: u.country,
          actAs: !hasDealer && isCustomerOnly(u.roles),
        })),
      };
    },
  );

  app.post(
    '/admin/impersonate',
    {
      schema: {
        tags: ['admin'],
        summary: 'Act as a customer',
        description: `Returns a session of the customer carrying the administrator (\`mode: demo_user\` on user/me). Only a customer can be acted as: not an administrator, a dealer (or dealer applicant) or any other staff role (400 IMPERSONATION_TARGET). The session lasts at most ${IMPERSONATION_TTL_S / 60} minutes from its start, refreshing does not extend it, and it stops working at once when the administrator loses the admin role. While acting, the customer's e-mail address, password and saved cards cannot be changed (403 IMPERSONATION_NOT_ALLOWED). Start (with its end), stop or end, and every write made with it are in the audit log under the administrator. An impersonation cannot start another.`,
        body: z.object({ userId: z.uuid() }),
        response: { 200: TokenPair, ...errors },
      },
      preHandler: admin,
    },
    async (request) => {
      // biome-ignore lint/style/noNonNullAssertion: the admin guard ran
      const auth = request.auth!;
      if (auth.impersonatorId) throw new ApiError('FORBIDDEN');
      const target = await users.findUser(request.body.userId);
      if (!target) throw new ApiError('USER_NOT_FOUND');
      if (!isCustomerOnly(target.roles) || target.id === auth.userId || (await users.hasDealer(target.id)))
        throw new ApiError('IMPERSONATION_TARGET');
      const expiresAt = new Date(Date.now() + IMPERSONATION_TTL_S * 1000);
      await audit.record({
        actorId: auth.userId,
        subjectId: target.id,
        action: 'impersonation.start',
        ip: request.ip,
        detail: { expiresAt: expiresAt.toISOString() },
      });
      return identity.issue(
        target,
        randomUUID(),
        { ip: request.ip, userAgent: request.headers['user-agent'] },
        auth.userId,
        expiresAt,
      );
    },
  );

  app.post(
    '/admin/impersonate/stop',
    {
      schema: {
        tags: ['admin'],
        summary: 'Stop acting as the customer: ends the impersonation session',
        body: RefreshBody,
        response: { 204: z.null(), ...errors },
      },
      preHandler: guards.requireAuth,
    },
    async (request, reply) => {
      // biome-ignore lint/style/noNonNullAssertion: requireAuth ran
      const auth = request.auth!;
      if (!auth.impersonatorId) throw new ApiError('FORBIDDEN');
      await users.endSignIn(auth.sessionFamily);
      await audit.record({
        actorId: auth.impersonatorId,
        subjectId: auth.userId,
        action: 'impersonation.stop',
        ip: request.ip,
      });
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/admin/audit-log',
    {
      schema: {
        tags: ['admin'],
        summary: 'The audit log',
        description:
          'The whole log as a back-office list (decision 040), newest first by default: `q` finds part of a record id or an action, `action` keeps actions starting with it (`staff.`), `actor` part of the e-mail of who did it, `entityType` one kind of record. `limit` (older callers) is the page size when `pageSize` is not given.',
        querystring: listQuery(['createdAt', 'action']).extend({
          action: z.string().trim().min(1).max(60).optional(),
          actor: z.string().trim().min(1).max(254).optional(),
          entityType: z.enum(AUDITED_ENTITIES).optional(),
          limit: z.coerce.number().int().min(1).max(500).optional(),
        }),
        response: { 200: pageOf(AuditTrailEntry), ...errors },
      },
      preHandler: admin,
    },
    async (request) => {
      const { limit, ...query } = request.query;
      return audit.page({ ...query, pageSize: limit ?? query.pageSize });
    },
  );

  app.get(
    '/admin/audit/:entityType/:entityId',
    {
      schema: {
        tags: ['admin'],
        summary: "One record's audit trail",
        description:
          'Every audited change of one record, newest first (decision 040): who (the administrator also when acting as a customer), when, the action and, for edits, the changed fields before and after (`detail.before`, `detail.after`). A record without entries answers an empty list.',
        params: z.object({ entityType: z.enum(AUDITED_ENTITIES), entityId: z.string().trim().min(1).max(100) }),
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(500).default(200) }),
        response: { 200: z.object({ docs: z.array(AuditTrailEntry) }), ...errors },
      },
      preHandler: admin,
    },
    async (request) => ({
      docs: await audit.forEntity(
        { type: request.params.entityType, id: request.params.entityId },
        request.query.limit,
      ),
    }),
  );
};
