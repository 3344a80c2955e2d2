import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../lib/api-error.ts';
import type { IdentityRepo } from './repo.ts';
import type { Auth } from './service.ts';
import type { AccessTokens } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, from a valid Bearer token; null when there is none. */
    auth: (Auth & { issuedAt: number }) | null;
  }
}

/** Reads `Authorization: Bearer <jwt>` on every request; routes decide whether they need it. */
export function registerAuth(app: FastifyInstance, tokens: AccessTokens) {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (!header?.startsWith('Bearer ')) return;
    const claims = await tokens.verify(header.slice(7).trim());
    if (!claims) return;
    request.auth = {
      userId: claims.sub,
      roles: claims.roles,
      sessionFamily: claims.sid,
      impersonatorId: claims.imp,
      issuedAt: claims.iat,
    };
  });
}

/**
 * Guards as pre-handlers. `requireAuth` also refuses tokens of a revoked session (logout, reuse detection) and tokens
 * issued before the last password change, and refreshes the roles from the database.
 */
export function guards(repo: IdentityRepo) {
  async function requireAuth(request: FastifyRequest) {
    const auth = request.auth;
    if (!auth) throw new ApiError('UNAUTHORIZED');
    // One query on every signed-in request (the auction's bids, the cart…): user and sign-in together.
    const user = await repo.sessionUser(auth.userId, auth.sessionFamily);
    if (!user?.active || Math.floor(new Date(user.credentialsChangedAt).getTime() / 1000) > auth.issuedAt)
      throw new ApiError('UNAUTHORIZED');
    auth.roles = user.roles;
  }
  function requireRole(...roles: string[]) {
    return async (request: FastifyRequest) => {
      await requireAuth(request);
      if (!request.auth?.roles.some((r) => roles.includes(r))) throw new ApiError('FORBIDDEN');
    };
  }
  return { requireAuth, requireRole };
}
export type Guards = ReturnType<typeof guards>;
