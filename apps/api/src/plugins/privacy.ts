import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A private route (decision 029): no request log line, no audit row, no address kept. `true` for every request
     * of the route, or a function deciding per request (the web's catch-all asks which page the URL is).
     */
    privacy?: boolean | ((request: FastifyRequest) => boolean);
  }
  interface FastifyInstance {
    /**
     * The per-process secret the in-process web transport sends (header `x-private-request`) on the API calls it
     * makes for a private page, so they are as unlogged as the page.
     */
    privateRelayMark: string;
  }
}

export const PRIVATE_RELAY_HEADER = 'x-private-request';

const decided = new WeakMap<object, boolean>();

/** Whether a request must leave no trace: its route says so, or the web relays it for a private page. */
export function isPrivateRequest(request: FastifyRequest): boolean {
  const known = decided.get(request);
  if (known !== undefined) return known;
  const flag = request.routeOptions?.config?.privacy;
  let result = flag === true || (typeof flag === 'function' && flag(request));
  if (!result) {
    const mark = (request.server as FastifyInstance & { privateRelayMark?: string }).privateRelayMark;
    const given = request.headers[PRIVATE_RELAY_HEADER];
    result = typeof given === 'string' && Boolean(mark) && sameSecret(given, mark as string);
  }
  decided.set(request, result);
  return result;
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Decorates the instance with the relay mark (once, at build). */
export function registerPrivacy(app: FastifyInstance) {
  app.decorate('privateRelayMark', randomBytes(24).toString('hex'));
}
