// Identity (decision 008): accounts, sessions and the signed-in user; composes the parts, each in its file.
import { identityAccounts } from './account.ts';
import { type IdentityDeps, identityContext } from './context.ts';
import { identityProfiles } from './profiles.ts';
import { identitySessions } from './sessions.ts';

export type { Auth, IdentityDeps, RequestMeta } from './context.ts';
export { toDealer } from './profiles.ts';

export function identityService(deps: IdentityDeps) {
  const ctx = identityContext(deps);
  const profiles = identityProfiles(ctx.repo);
  return {
    issue: ctx.issue,
    ...profiles,
    ...identitySessions(ctx),
    ...identityAccounts(ctx, profiles),
  };
}
export type IdentityService = ReturnType<typeof identityService>;
