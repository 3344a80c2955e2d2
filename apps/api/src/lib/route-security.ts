import type { FastifyInstance } from 'fastify';

/**
 * What a route asks of its caller, as the OpenAPI document shows it (decision 032). Guards are marked once, and the
 * document reads the marks off a route's hooks, so no route states its security twice:
 * - `bearer`: a valid Bearer token is required (requireAuth, requireRole);
 * - `optional`: anonymous callers are served; a Bearer token, when sent, is read (and checked where the route's
 *   guard says so). Routes without a guard that read the caller say so with `config: { auth: 'optional' }`, or a
 *   whole plugin with `optionalAuthRoutes(app)`.
 */
export type RouteAuth = 'bearer' | 'optional';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route asks of its caller, for the OpenAPI document (lib/route-security.ts). */
    auth?: RouteAuth;
  }
}

const marks = new WeakMap<object, RouteAuth>();

/** Marks a pre-handler (a guard) with what it asks of the caller; returns it unchanged. */
export function markAuth<T extends object>(handler: T, auth: RouteAuth): T {
  marks.set(handler, auth);
  return handler;
}

/** A pre-handler that serves anonymous callers and checks a Bearer token when one is sent (e.g. signed links). */
export const optionalAuth = <T extends object>(handler: T): T => markAuth(handler, 'optional');

/** Every route this plugin adds serves anonymous and signed-in callers alike, unless a guard asks for more. */
export function optionalAuthRoutes(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    route.config = { ...route.config, auth: route.config?.auth ?? 'optional' };
  });
}

interface RouteHooks {
  preHandler?: unknown;
  onRequest?: unknown;
  config?: { auth?: RouteAuth } | undefined;
}

/** The strongest of a route's marked guards and its `config.auth`; undefined for a public route. */
export function routeAuth(route: RouteHooks): RouteAuth | undefined {
  const hooks = [route.onRequest, route.preHandler].flat();
  const found = [route.config?.auth, ...hooks.map((h) => (typeof h === 'function' ? marks.get(h) : undefined))];
  if (found.includes('bearer')) return 'bearer';
  if (found.includes('optional')) return 'optional';
  return undefined;
}
