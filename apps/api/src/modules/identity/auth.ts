import { isUuid } from '@varg/domain';
import DataLoader from 'dataloader';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../../lib/api-error.ts';
import { markAuth, optionalAuth } from '../../lib/route-security.ts';
import type { IdentityRepo } from './repo.ts';
import type { Auth } from './service.ts';
import type { AccessTokens } from './tokens.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller, from a valid Bearer token of an active sign-in; null when the request carries none. */
    auth: (Auth & { issuedAt: number }) | null;
  }
  interface FastifyContextConfig {
    /**
     * The route never reads the caller (sign-in, refresh, logout), so an `Authorization` header there is ignored: a
     * client whose access token expired must still be able to refresh or sign in again while it sends it.
     */
    ignoreAuthorization?: boolean;
  }
}

/**
 * The signed-in caller of a route behind `requireAuth` or a role guard: who they are and their roles (401 UNAUTHORIZED
 * if a route without a guard asks).
 */
export function signedIn(request: FastifyRequest): { userId: string; roles: string[] } {
  const auth = request.auth;
  if (!auth) throw new ApiError('UNAUTHORIZED');
  return { userId: auth.userId, roles: auth.roles };
}

/** The API's paths; pages read the session from cookies, and a proxy's own `Authorization: Basic` may reach them. */
const API_PATH = /^\/(v1|v2|api)\//;

/**
 * Reads `Authorization: Bearer <jwt>` on every request. A request without the header is anonymous; with it, the header
 * is required auth on every route, also on routes open to anonymous callers (cart, checkout, auction, invoices…): a
 * token that is malformed, badly signed, expired, of a revoked sign-in or issued before the last password change is a
 * 401 (never quietly anonymous), and the roles are read fresh from the database, never taken from the token.
 */
export function registerAuth(app: FastifyInstance, tokens: AccessTokens, guards: Guards) {
  app.decorateRequest('auth', null);
  app.addHook('onRequest', async (request) => {
    const header = request.headers.authorization;
    if (header === undefined || !API_PATH.test(request.url) || request.routeOptions.config?.ignoreAuthorization) return;
    const token = /^Bearer +(\S+) *$/i.exec(header)?.[1];
    const claims = token ? await tokens.verify(token) : null;
    if (!claims) throw new ApiError('UNAUTHORIZED');
    request.auth = {
      userId: claims.sub,
      roles: claims.roles,
      sessionFamily: claims.sid,
      impersonatorId: claims.imp,
      issuedAt: claims.iat,
    };
    try {
      await guards.requireAuth(request);
    } catch (error) {
      // A refused token leaves no caller behind (the impersonation audit of writes reads it on the response).
      request.auth = null;
      throw error;
    }
  });
}

interface SessionUser {
  roles: string[];
  credentialsChangedAt: Date;
  impersonatorId: string | null;
  impersonatorRoles: string[] | null;
}

/**
 * Guards as pre-handlers. `requireAuth` also refuses tokens of a revoked or expired session (logout, reuse detection,
 * the hour of an impersonation), tokens issued before the last password change, and an impersonation whose
 * administrator is no longer one; it refreshes the roles from the database.
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
  // The requests whose token was checked against the database already (by the onRequest hook), so a route's guard
  // does not ask again.
  const checked = new WeakSet<FastifyRequest>();
  async function requireAuth(request: FastifyRequest) {
    const auth = request.auth;
    // Signed by us, so ids; checked anyway, as one bad key would fail the whole batch.
    if (!auth || !isUuid(auth.userId) || !isUuid(auth.sessionFamily)) throw new ApiError('UNAUTHORIZED');
    if (checked.has(request)) return;
    // No row: the sign-in was revoked or expired, or is not this user's.
    const user = await sessionUsers.load([auth.userId, auth.sessionFamily]);
    if (!user || Math.floor(user.credentialsChangedAt.getTime() / 1000) > auth.issuedAt)
      throw new ApiError('UNAUTHORIZED');
    // An impersonation works only while its administrator is one (checked on every request, not at its start only).
    if ((user.impersonatorId ?? undefined) !== auth.impersonatorId) throw new ApiError('UNAUTHORIZED');
    if (user.impersonatorId && !user.impersonatorRoles?.includes('admin')) throw new ApiError('UNAUTHORIZED');
    auth.roles = user.roles;
    checked.add(request);
  }
  function requireRole(...roles: string[]) {
    return markAuth(async (request: FastifyRequest) => {
      await requireAuth(request);
      if (!request.auth?.roles.some((r) => roles.includes(r))) throw new ApiError('FORBIDDEN');
    }, 'bearer');
  }
  /** Signed in as oneself: an administrator acting as a customer may not change the address, password or cards. */
  async function requireOwnSession(request: FastifyRequest) {
    await requireAuth(request);
    if (request.auth?.impersonatorId) throw new ApiError('IMPERSONATION_NOT_ALLOWED');
  }
  /**
   * A download by signed link (`?token=`) needs no sign-in; a Bearer token, when sent, is checked as everywhere. The
   * route itself accepts the link's token or the caller.
   */
  const linkOrBearer = optionalAuth(async (request: FastifyRequest) => {
    if (request.auth) await requireAuth(request);
  });
  // The OpenAPI document reads these marks for each operation's `security` (decision 032).
  markAuth(requireAuth, 'bearer');
  markAuth(requireOwnSession, 'bearer');
  return { requireAuth, requireRole, requireOwnSession, linkOrBearer };
}
export type Guards = ReturnType<typeof guards>;
