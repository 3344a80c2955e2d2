import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';

/** An incoming `x-request-id` is kept when it is a plain token (a proxy's or a client's id); otherwise a new one. */
const REQUEST_ID = /^[\w.:-]{1,128}$/;

/** The request's id: the caller's `x-request-id` when well formed, else a new UUID. */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** Query parameters whose values are personal data or secrets: logged as `[redacted]`. */
const PRIVATE_QUERY = /email|mail|phone|name|token|code|password|secret|key|vin|q$|query|search|address|zip|postal/i;

/** An address shortened to its network (IPv4 /24, IPv6 /48): enough to see where traffic comes from, no person. */
export function networkOf(address: string | undefined): string | undefined {
  if (!address) return address;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  if (isIP(v4) === 4) return `${v4.split('.').slice(0, 3).join('.')}.0`;
  if (isIP(address) === 6) {
    const [head = ''] = address.split('::');
    const groups = head.split(':').filter(Boolean).slice(0, 3);
    return `${groups.join(':')}::`;
  }
  return '[redacted]';
}

/** A logged URL: the path as it is, private query values redacted. */
export function loggedUrl(url: string | undefined): string | undefined {
  if (!url) return url;
  const at = url.indexOf('?');
  if (at < 0) return url;
  const params = new URLSearchParams(url.slice(at + 1));
  for (const key of [...new Set(params.keys())]) if (PRIVATE_QUERY.test(key)) params.set(key, '[redacted]');
  return `${url.slice(0, at)}?${params.toString().replaceAll('%5Bredacted%5D', '[redacted]')}`;
}

/**
 * What every log line of the server may hold (issue 23): the request id in every line (Fastify's `reqId`), the
 * request's method, URL with private query values redacted and its network, never a body, a header, a cookie or a
 * whole address; fields named like personal data or secrets in any logged object are redacted too.
 */
export function loggerOptions(level: string, given?: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (given === false) return false;
  const base = typeof given === 'object' && given !== null ? given : {};
  return {
    level,
    ...base,
    redact: {
      paths: [
        'email',
        'password',
        'token',
        'phone',
        'authorization',
        'cookie',
        '*.email',
        '*.password',
        '*.token',
        '*.phone',
        '*.authorization',
        '*.cookie',
        'req.headers',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method?: string; url?: string; ip?: string; socket?: { remoteAddress?: string } }) => ({
        method: req.method,
        url: loggedUrl(req.url),
        network: networkOf(req.ip ?? req.socket?.remoteAddress),
      }),
    },
  };
}

/** Every answer carries its request's id (`x-request-id`), so a person reporting a problem can quote it. */
export function registerRequestIds(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
}
