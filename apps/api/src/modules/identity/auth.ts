import { isUuid } from '@varg/domain';
import DataLoader from 'dataloader';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../lib/api-error.ts';
import { markAuth } from '../../lib/route-security.ts';
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

interface SessionUser {
  roles: string[];
  credentialsChangedAt: Date;
}

/**
 * Guards as pre-handlers. `requireAuth` also refuses tokens of a revoked session (logout, reuse detection) and tokens
 * issued before the last password change, and refreshes the roles from the database.
 */
export function guards(repo: IdentityRepo) {
  // One query for the signed-in requests that arrive together (a rush of bids in the auction's last minute): their users
  // and sign-ins are read at once. Nothing is kept between batches, so a sign-out counts from the next request on.
  const sessionUsers = new DataLoader<readonly [string, string], SessionUser | null>(
    async (keys) => {
      const rows = await repo.activeSessionUsers(keys.map(([, familyId]) => familyId));
      const active = new Map(rows.map((r) => [`${r.userId}:${r.familyId}`, r]));
      return keys.map(([userId, familyId]) => active.get(`${userId}:${familyId}`) ?? null);
    },
    { cache: false, maxBatchSize: 250, batchScheduleFn: (dispatch) => setImmediate(dispatch) },
  );
  async function requireAuth(request: FastifyRequest) {
    const auth = request.auth;
    // Signed by us, so ids; checked anyway, as one bad key would fail the whole batch.
    if (!auth || !isUuid(auth.userId) || !isUuid(auth.sessionFamily)) throw new ApiError('UNAUTHORIZED');
    // No row: the sign-in was revoked or expired, or is not this user's.
    const user = await sessionUsers.load([auth.userId, auth.sessionFamily]);
    if (!user || Math.floor(user.credentialsChangedAt.getTime() / 1000) > auth.issuedAt)
      throw new ApiError('UNAUTHORIZED');
    auth.roles = user.roles;
  }
  function requireRole(...roles: string[]) {
    return markAuth(async (request: FastifyRequest) => {
      await requireAuth(request);
      if (!request.auth?.roles.some((r) => roles.includes(r))) throw new ApiError('FORBIDDEN');
    }, 'bearer');
  }
  // The OpenAPI document reads these marks for each operation's `security` (decision 032).
  markAuth(requireAuth, 'bearer');
  return { requireAuth, requireRole };
}
export type Guards = ReturnType<typeof guards>;
