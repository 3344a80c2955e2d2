import type { Database } from '@varg/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const Status = z.object({ status: z.enum(['ok', 'unavailable']) });

export const systemRoutes: FastifyPluginAsyncZod<{ database: Database }> = async (app, { database }) => {
  app.get(
    '/health',
    { schema: { tags: ['system'], summary: 'Liveness: the process answers', response: { 200: Status } } },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );
  app.get(
    '/ready',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness: the database answers',
        response: { 200: Status, 503: Status },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      try {
        await database.ping();
        return { status: 'ok' as const };
      } catch (err) {
        request.log.warn({ err }, 'database not ready');
        return reply.code(503).send({ status: 'unavailable' as const });
      }
    },
  );
};
