import { type Db, outbox } from '@varg/db';
import { desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const Mail = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  lang: z.string(),
  sentAt: z.string().nullable(),
  createdAt: z.string(),
});

/** Loopback addresses: the machine the server runs on. */
export function isLoopback(ip: string): boolean {
  return ip === '::1' || ip.startsWith('127.') || ip.startsWith('::ffff:127.');
}

/**
 * The dev mailbox: every e-mail the system "sent", newest first. It holds one-time links, so by default (no SMTP)
 * only a caller on this machine sees it; anyone else gets a 404 (DEV_MAILBOX).
 */
export const devRoutes: FastifyPluginAsyncZod<{ db: Db; localOnly: boolean }> = async (app, { db, localOnly }) => {
  app.get(
    '/dev/mailbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Dev mailbox (only without SMTP)',
        querystring: z.object({ to: z.string().max(254).optional() }),
        response: { 200: z.object({ docs: z.array(Mail) }) },
      },
    },
    async (request, reply) => {
      if (localOnly && !isLoopback(request.ip)) return reply.callNotFound();
      reply.header('cache-control', 'no-store');
      const rows = await db.select().from(outbox).orderBy(desc(outbox.createdAt)).limit(100);
      const to = request.query.to?.toLowerCase();
      return {
        docs: rows
          .filter((r) => !to || r.to === to)
          .map((r) => ({ ...r, sentAt: r.sentAt?.toISOString() ?? null, createdAt: r.createdAt.toISOString() })),
      };
    },
  );
};
