import {
  ErrorEnvelope,
  pageOf,
  StaffInvitation,
  StaffInvitationAcceptBody,
  StaffInvitationBody,
  StaffInvitationPreview,
  StaffListQuery,
  StaffMember,
  StaffRolesBody,
  TokenPair,
  TokenParams,
} from '@varg/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Guards } from './auth.ts';
import { tokenLimits } from './routes.ts';
import type { StaffService } from './staff-service.ts';

const meta = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers['user-agent'] });
const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };
const InvitationParams = z.object({ id: z.uuid() });

/** Staff and roles in the back office (issue 24), and the invitee's accept link. */
export const staffRoutes: FastifyPluginAsyncZod<{ staff: StaffService; guards: Guards }> = async (
  app,
  { staff, guards },
) => {
  const admin = guards.requireRole('admin');
  // biome-ignore lint/style/noNonNullAssertion: the admin guard ran
  const authOf = (request: FastifyRequest) => request.auth!;

  app.get(
    '/admin/staff',
    {
      schema: {
        tags: ['admin'],
        summary: 'The staff: every account holding a staff role',
        description:
          'Accounts holding admin, translator, mco, compliance or lead_dealer, searched by e-mail or name (`q`), filtered by `role`, sorted and paged (decision 040).',
        querystring: StaffListQuery,
        response: { 200: pageOf(StaffMember), ...errors },
      },
      preHandler: admin,
    },
    async (request) => staff.list(request.query),
  );

  app.put(
    '/admin/staff/:userId/roles',
    {
      schema: {
        tags: ['admin'],
        summary: "Set an account's staff roles",
        description:
          "Grants and revokes staff roles at once: the account holds exactly `roles` among admin, translator, mco, compliance and lead_dealer afterwards (its customer or dealer role stays). Refused with nothing changed: an administrator removing their own admin role (409 STAFF_OWN_ADMIN), the last administrator losing it (409 STAFF_LAST_ADMIN), lead_dealer for an account without an approved dealer record (409 STAFF_LEAD_DEALER_NOT_DEALER), an unknown account (404 USER_NOT_FOUND). Takes effect on the account's next request (roles are read on every call). Audited on the user with the roles before and after.",
        params: z.object({ userId: z.uuid() }),
        body: StaffRolesBody,
        response: { 200: StaffMember, ...errors },
      },
      preHandler: admin,
    },
    async (request) => staff.setRoles(authOf(request), request.params.userId, request.body.roles, meta(request)),
  );

  app.get(
    '/admin/staff-invitations',
    {
      schema: {
        tags: ['admin'],
        summary: 'Open invitations to join the staff',
        description: 'Invitations neither accepted nor revoked, newest first; `status` is pending or expired.',
        response: { 200: z.object({ docs: z.array(StaffInvitation) }), ...errors },
      },
      preHandler: admin,
    },
    async () => ({ docs: await staff.invitations() }),
  );

  app.post(
    '/admin/staff-invitations',
    {
      schema: {
        tags: ['admin'],
        summary: 'Invite someone to the staff by e-mail',
        description:
          "E-mails a link valid for 7 days, in the account's language (or `lang` for an address without an account). An existing account gets the roles when it accepts while signed in; a new address chooses a name and a password. One open invitation per address (409 INVITATION_PENDING: resend it instead); lead_dealer only for an account with an approved dealer record (409 STAFF_LEAD_DEALER_NOT_DEALER). Audited on the invitation.",
        body: StaffInvitationBody,
        response: { 201: StaffInvitation, ...errors },
      },
      preHandler: admin,
    },
    async (request, reply) => reply.code(201).send(await staff.invite(authOf(request), request.body, meta(request))),
  );

  app.post(
    '/admin/staff-invitations/:id/resend',
    {
      schema: {
        tags: ['admin'],
        summary: 'Send an invitation again',
        description:
          'A new link valid for 7 days; the link sent before stops working. 409 INVITATION_CLOSED once accepted or revoked.',
        params: InvitationParams,
        response: { 200: StaffInvitation, ...errors },
      },
      preHandler: admin,
    },
    async (request) => staff.resend(authOf(request), request.params.id, meta(request)),
  );

  app.delete(
    '/admin/staff-invitations/:id',
    {
      schema: {
        tags: ['admin'],
        summary: 'Revoke an invitation',
        description: 'Its link stops working at once. 409 INVITATION_CLOSED once accepted or revoked.',
        params: InvitationParams,
        response: { 204: z.null(), ...errors },
      },
      preHandler: admin,
    },
    async (request, reply) => {
      await staff.revoke(authOf(request), request.params.id, meta(request));
      return reply.code(204).send(null);
    },
  );

  const linkErrors = { ...errors, 410: ErrorEnvelope, 429: ErrorEnvelope };
  app.get(
    '/staff-invitations/:token',
    {
      schema: {
        tags: ['identity'],
        summary: 'What an invitation link offers',
        description:
          'The address, the roles and whether the address has an account. 404 INVITATION_NOT_FOUND for an unknown link, 410 INVITATION_EXPIRED after 7 days, 410 INVITATION_USED once accepted or revoked.',
        params: TokenParams,
        response: { 200: StaffInvitationPreview, ...linkErrors },
      },
      preHandler: tokenLimits(app, 'staff-invitation', 60, 20),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return staff.preview(request.params.token);
    },
  );

  app.post(
    '/staff-invitations/:token/accept',
    {
      schema: {
        tags: ['identity'],
        summary: 'Accept an invitation to the staff',
        description:
          'Once. An address with an account must be signed in as that account (403 INVITATION_SIGN_IN otherwise, also while acting as a customer) and gets the roles; `session` is null. A new address gives `name` and `password` (400 INVITATION_DETAILS_REQUIRED without them), gets an account with a confirmed address and the roles, and is signed in (`session`). Link errors as on the preview.',
        params: TokenParams,
        body: StaffInvitationAcceptBody,
        response: { 200: z.object({ session: TokenPair.nullable() }), ...linkErrors },
      },
      preHandler: tokenLimits(app, 'staff-invitation-accept', 30, 10),
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return staff.accept(request.params.token, request.body, request.auth ?? undefined, meta(request));
    },
  );
};
