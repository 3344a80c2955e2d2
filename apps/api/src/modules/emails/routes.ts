import { AdminEmailPage, AdminEmailQuery, ErrorEnvelope } from '@varg/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminActor } from '../../lib/admin-list.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { AuditService } from '../audit/service.ts';
import type { Guards } from '../identity/auth.ts';
import type { EmailOutbox } from './repo.ts';

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope };
const iso = (d: Date | null) => (d ? d.toISOString() : null);
const DELIVERY_NOTE =
  'Only with SMTP delivery configured (`SMTP_URL`) is a requeued message delivered, by the next round of the retry job (`EMAIL_RETRY_INTERVAL_MS`); without it (the demo) the outbox is the dev mailbox and nothing is delivered (`delivering: false` on the list).';

/** Dead-lettered e-mails for administrators (issue 23 item 2, decision 065): list them, send them again. */
export const adminEmailRoutes: FastifyPluginAsyncZod<{
  guards: Guards;
  audit: AuditService;
  outbox: EmailOutbox;
  orderNumbers: (ids: readonly string[]) => Promise<Map<string, number>>;
  delivering: boolean;
}> = async (app, { guards, audit, outbox, orderNumbers, delivering }) => {
  const admin = guards.requireRole('admin');

  app.get(
    '/admin/emails',
    {
      schema: {
        tags: ['admin'],
        summary: 'Outgoing e-mails by delivery state',
        description: `The outbox newest first: \`dead\` (given up after the last attempt, with the last error), \`waiting\` (not sent yet: queued for a retry, or kept in the dev mailbox) or \`sent\`. \`dead\` counts the dead messages whatever the state asked. ${DELIVERY_NOTE}`,
        querystring: AdminEmailQuery,
        response: { 200: AdminEmailPage, ...errors },
      },
      preHandler: admin,
    },
    async (request) => {
      const { state, page, limit } = request.query;
      const { rows, total, dead } = await outbox.list({ state, page, limit });
      const numbers = await orderNumbers([...new Set(rows.flatMap((r) => (r.orderId ? [r.orderId] : [])))]);
      return {
        docs: rows.map(({ orderId, ...r }) => {
          const number = orderId ? numbers.get(orderId) : undefined;
          return {
            ...r,
            createdAt: r.createdAt.toISOString(),
            sentAt: iso(r.sentAt),
            deadAt: iso(r.deadAt),
            nextAttemptAt: iso(r.nextAttemptAt),
            order: orderId && number !== undefined ? { id: orderId, number } : null,
          };
        }),
        total,
        page,
        pageSize: limit,
        dead,
        delivering,
      };
    },
  );

  app.post(
    '/admin/emails/:id/retry',
    {
      schema: {
        tags: ['admin'],
        summary: 'Send a dead or waiting e-mail again now',
        description: `Queues the message for delivery now (its attempts are kept: a new failure makes it dead again). 404 EMAIL_MESSAGE_NOT_FOUND for an unknown id, 409 EMAIL_ALREADY_SENT for a delivered one. Audited as \`email.retry\`. ${DELIVERY_NOTE}`,
        params: z.object({ id: z.uuid() }),
        response: { 204: z.null(), ...errors, 404: ErrorEnvelope, 409: ErrorEnvelope },
      },
      preHandler: admin,
    },
    async (request, reply) => {
      const { id } = request.params;
      const found = await outbox.state(id);
      if (!found) throw new ApiError('EMAIL_MESSAGE_NOT_FOUND');
      if (found.sentAt || !(await outbox.requeue(id, new Date()))) throw new ApiError('EMAIL_ALREADY_SENT');
      const actor = adminActor(request);
      await audit.record({
        actorId: actor.userId,
        ip: actor.ip,
        action: 'email.retry',
        entity: { type: 'email', id },
        detail: { attempts: found.attempts, wasDead: found.deadAt !== null },
      });
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/admin/emails/retry-dead',
    {
      schema: {
        tags: ['admin'],
        summary: 'Send every dead e-mail again now',
        description: `Queues every dead message for delivery now and answers how many; audited once as \`email.retry-dead\` with the count (nothing audited when there were none). ${DELIVERY_NOTE}`,
        response: { 200: z.object({ requeued: z.number().int().min(0) }), ...errors },
      },
      preHandler: admin,
    },
    async (request) => {
      const ids = await outbox.requeueDead(new Date());
      if (ids.length > 0) {
        const actor = adminActor(request);
        await audit.record({
          actorId: actor.userId,
          ip: actor.ip,
          action: 'email.retry-dead',
          detail: { count: ids.length, ids: ids.slice(0, 100) },
        });
      }
      return { requeued: ids.length };
    },
  );
};
