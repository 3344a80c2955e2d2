import { randomUUID } from 'node:crypto';
import type { CartSummary } from '@varg/contracts';
import type { Api, Platform } from '../../plugins/platform.ts';
import { isPrivateRequest } from '../../plugins/privacy.ts';
import { accountAdminService } from './account-admin.ts';
import { accountAdminRepo } from './account-admin-repo.ts';
import { accountAdminRoutes } from './account-admin-routes.ts';
import { guards as makeGuards, registerAuth } from './auth.ts';
import { avatarService } from './avatar.ts';
import { avatarRoutes } from './avatar-routes.ts';
import type { IdentityDeps } from './context.ts';
import { identityRepo } from './repo.ts';
import { identityRoutes } from './routes.ts';
import { identityService } from './service.ts';
import { staffRepo } from './staff-repo.ts';
import { staffRoutes } from './staff-routes.ts';
import { staffService } from './staff-service.ts';
import { accessTokens, loadSigningKey } from './tokens.ts';
import { userAdmin } from './user-admin.ts';

/** A user's dealer record as the identity store keeps it (the dealers module reads it through its directory). */
export interface DealerRow {
  id: string;
  status: number;
  maxDiscountBp: number;
  marketplace: unknown;
}

/**
 * Accounts, sessions and the signed-in caller (decision 033). Registers authentication before any other module's
 * routes, records administrators' writes made as a customer, and serves `/v1` identity and the `/api` sign-in.
 */
export async function identityModule(
  app: Api,
  platform: Pick<Platform, 'config' | 'database' | 'audit' | 'mailer' | 'storage'>,
  needs: { onSignUp?: IdentityDeps['onSignUp'] } = {},
) {
  const { config, database, audit, mailer, storage } = platform;
  const signingKey = await loadSigningKey(database.db, config.jwtSecret);
  const tokens = accessTokens(signingKey);
  const users = identityRepo(database.db);
  const guards = makeGuards(users);
  registerAuth(app, tokens, guards);
  // Every write made while an administrator acts as a customer is recorded under the administrator.
  app.addHook('onResponse', async (request, reply) => {
    const auth = request.auth;
    if (!auth?.impersonatorId || request.method === 'GET' || request.method === 'HEAD') return;
    if (isPrivateRequest(request)) return;
    await audit.record({
      actorId: auth.impersonatorId,
      subjectId: auth.userId,
      action: `${request.method} ${request.routeOptions.url ?? request.url}`,
      detail: { statusCode: reply.statusCode },
      ip: request.ip,
    });
  });
  const identity = identityService({
    repo: users,
    tokens,
    email: mailer,
    audit,
    publicUrl: config.publicUrl,
    whitelistEmails: config.whitelistEmails,
    onSignUp: needs.onSignUp,
  });
  const staff = staffService({
    repo: staffRepo(database.db),
    audit,
    email: mailer,
    publicUrl: config.publicUrl,
    signIn: (user, meta) => identity.issue(user, randomUUID(), meta),
  });
  const signInPerAccount = config.signInLimitPerAccount ?? 10;
  // The cart module comes later and answers `user/me?include=cart` through `useCartOf`.
  let cartOf: (userId: string) => Promise<CartSummary | null> = async () => null;
  await app.register(identityRoutes, {
    prefix: '/v1',
    identity,
    guards,
    signInPerAccount,
    cartOf: (userId) => cartOf(userId),
  });
  await app.register(avatarRoutes, { prefix: '/v1', avatars: avatarService({ repo: users, storage, audit }), guards });
  // The back office's accounts (decision 044).
  const accounts = accountAdminService({
    repo: accountAdminRepo(database.db),
    audit,
    resendConfirmation: (address) => identity.resendConfirmation(address),
  });
  await app.register(accountAdminRoutes, { prefix: '/v1', accounts, guards });
  await app.register(staffRoutes, { prefix: '/v1', staff, guards });
  // The older clients' sign-in.
  await app.register(identityRoutes, { prefix: '/api', identity, guards, signInOnly: true, signInPerAccount });
  return {
    identity,
    guards,
    signingKey,
    /** The user's open cart as the cart module summarises it, for `user/me?include=cart`. */
    useCartOf(lookup: (userId: string) => Promise<CartSummary | null>) {
      cartOf = lookup;
    },
    /** What the administrators' user management (admin module) may do with the identity store. */
    userAdmin: userAdmin(users),
    /** A user's dealer record in any status (null: none). */
    dealerRowOf: (userId: string): Promise<DealerRow | null> => users.findDealer(userId),
    /** People by id or e-mail, for modules that address them (vehicles' ownership transfer). */
    people: {
      byId: (id: string) => users.findUser(id).then((u) => u ?? null),
      byEmail: (address: string) => users.findUserByEmail(address).then((u) => u ?? null),
    },
  };
}
export type IdentityModule = Awaited<ReturnType<typeof identityModule>>;
