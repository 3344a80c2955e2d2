// Identity (decision 008): what every part shares — the dependencies, the caller, a user's language and links, and a
// sign-in issued.

import type { TokenPair } from '@varg/contracts';
import type { Db } from '@varg/db';
import { formatLocaleSegment, isUiLanguage, type UiLanguage } from '@varg/domain';
import { ApiError } from '../../lib/api-error.ts';
import type { EmailProvider } from '../../providers/email/interface.ts';
import type { AuditService } from '../audit/service.ts';
import { emails } from './emails.ts';
import { type IdentityRepo, identityRepo, type UserRow } from './repo.ts';
import {
  ACCESS_TOKEN_TTL_S,
  type AccessTokens,
  EMAIL_CONFIRM_TTL_S,
  REFRESH_TOKEN_TTL_S,
  randomToken,
  sha256,
} from './tokens.ts';

export interface RequestMeta {
  ip?: string | undefined;
  userAgent?: string | undefined;
}

/** Who is calling, from a verified access token. */
export interface Auth {
  userId: string;
  roles: string[];
  sessionFamily: string;
  impersonatorId?: string | undefined;
}

export interface IdentityDeps {
  repo: IdentityRepo;
  tokens: AccessTokens;
  email: EmailProvider;
  audit: AuditService;
  publicUrl: string;
  whitelistEmails: string[];
  /** A new account made with a referral code (decision 051). */
  onSignUp?: ((userId: string, referralCode: string | undefined) => Promise<void>) | undefined;
}

/** The answer of a request whose outcome is told by e-mail (the same whether or not the address has an account). */
/** An accepted request's answer: its catalog key; the route adds the message in the request's language. */
export const accepted = (t_key: string) => ({ status: 'accepted' as const, t_key });

export function langOf(user: UserRow): UiLanguage {
  return isUiLanguage(user.lang) ? user.lang : 'en-us';
}

/** The user's language in the user's country, for e-mails (the market's variant of the language). */
export function localeOf(user: UserRow): { lang: UiLanguage; country: string } {
  return { lang: langOf(user), country: user.country };
}

export function identityContext(deps: IdentityDeps) {
  const { repo, tokens, email, publicUrl } = deps;
  const link = (user: UserRow, path: string) =>
    `${publicUrl}/${formatLocaleSegment({ lang: langOf(user), country: user.country })}${path}`;

  async function issue(
    user: UserRow,
    familyId: string,
    meta: RequestMeta,
    impersonatorId?: string,
    /** When the sign-in ends whatever refreshes it (an impersonation's hour); else a year from now. */
    expiresAt?: Date,
    /** The repository of a caller's transaction (the checkout's confirm). */
    into: IdentityRepo = repo,
  ): Promise<TokenPair> {
    // A disabled account gets no sign-in of any kind (decision 044).
    if (user.disabledAt) throw new ApiError('ACCOUNT_DISABLED');
    const refresh = randomToken();
    await into.insertSession({
      userId: user.id,
      familyId,
      tokenHash: sha256(refresh),
      impersonatorId: impersonatorId ?? null,
      expiresAt: expiresAt ?? new Date(Date.now() + REFRESH_TOKEN_TTL_S * 1000),
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      ip: meta.ip ?? null,
    });
    const token = await tokens.sign({ sub: user.id, roles: user.roles, sid: familyId, imp: impersonatorId });
    return { token, refresh_token: refresh, token_type: 'Bearer', expires_in: ACCESS_TOKEN_TTL_S };
  }

  /** The address's confirmation link: its token and its e-mail, written in the caller's transaction (decision 056). */
  async function recordConfirmation(user: UserRow, tx: Db) {
    const token = randomToken();
    await identityRepo(tx).insertEmailToken({
      userId: user.id,
      purpose: 'confirm_email',
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + EMAIL_CONFIRM_TTL_S * 1000),
    });
    const message = emails.confirmEmail(localeOf(user), user.email, user.name, link(user, `/confirm-email/${token}`));
    await email.send(message, { tx });
  }

  /** A new confirmation link for the user: token and e-mail commit together, then the e-mail is delivered. */
  async function sendConfirmation(user: UserRow) {
    await repo.db.transaction((tx) => recordConfirmation(user, tx));
    email.afterCommit();
  }

  return { deps, repo, link, issue, recordConfirmation, sendConfirmation };
}
export type IdentityContext = ReturnType<typeof identityContext>;
