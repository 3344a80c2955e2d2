import { randomBytes, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { apiNotFound, sendError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** An operator's route (`/metrics`, `/docs`): served as `OpsAccess` says, never to everyone in production. */
    ops?: boolean;
  }
  interface FastifyInstance {
    /** The internal listener of `/metrics` and `/docs` (INTERNAL_PORT), when configured. */
    internalServer?: FastifyInstance;
  }
}

/** Who reaches `/metrics` and `/docs` (decision 029). */
export interface OpsAccess {
  /** Everyone on the public port: the demo, or production with PUBLIC_OPS=true. */
  public: boolean;
  /** A bearer token (METRICS_TOKEN) that opens them on the public port. */
  token?: string | undefined;
  /** A second listener (INTERNAL_PORT on INTERNAL_HOST) that serves them, and nothing else. */
  internal?: { port: number; host: string } | undefined;
}

const isOpsUrl = (url: string) => url === '/metrics' || url === '/docs' || url.startsWith('/docs/');

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Marks the operators' routes as they are registered (call before the metrics and docs plugins), and answers them
 * only to whom `access` allows: outside, a 404 as for any unknown path (a 401 when a token is configured and a wrong
 * one is given).
 */
export function registerOpsAccess(app: FastifyInstance, access: OpsAccess) {
  // Requests relayed by the internal listener carry this per-process secret; nobody outside can know it.
  const relayMark = randomBytes(24).toString('hex');
  app.addHook('onRoute', (route) => {
    if (isOpsUrl(route.url ?? route.path)) route.config = { ...(route.config ?? {}), ops: true };
  });
  app.addHook('onRequest', async (request: FastifyRequest, reply) => {
    if (!request.routeOptions.config?.ops || access.public) return;
    const relayed = request.headers['x-internal-relay'];
    if (typeof relayed === 'string' && sameSecret(relayed, relayMark)) return;
    if (access.token) {
      const bearer = /^Bearer\s+(.+)$/.exec(request.headers.authorization ?? '')?.[1];
      if (bearer && sameSecret(bearer, access.token)) return;
      if (bearer) return sendError(request, reply, 'UNAUTHORIZED', 401, 'error_unauthorized');
    }
    return apiNotFound(request, reply);
  });

  if (!access.internal) return;
  const { port, host } = access.internal;
  const internal = Fastify({ logger: false });
  internal.route({
    method: ['GET', 'HEAD'],
    url: '*',
    handler: async (request, reply) => {
      if (!isOpsUrl(request.url.split('?')[0] ?? '')) return reply.code(404).send({ statusCode: 404 });
      const headers = { ...request.headers, 'x-internal-relay': relayMark };
      delete headers.host;
      const res = await app.inject({ method: request.method as 'GET', url: request.url, headers });
      for (const [name, value] of Object.entries(res.headers)) {
        if (value === undefined || ['content-length', 'transfer-encoding', 'connection'].includes(name)) continue;
        reply.header(name, value);
      }
      return reply.code(res.statusCode).send(res.rawPayload);
    },
  });
  app.decorate('internalServer', internal);
  // Bound when the app is ready (before the public port listens), closed with it.
  app.addHook('onReady', async () => {
    await internal.listen({ port, host });
  });
  app.addHook('onClose', async () => {
    await internal.close();
  });
}
