import { randomUUID } from 'node:crypto';
import type { CurrentUser, Dealer, TokenPair } from '@varg/contracts';
import type { Db } from '@varg/db';
import { ACTIVE_STATUS, formatLocaleSegment, isUiLanguage, type UiLanguage, uiLanguageFrom } from '@varg/domain';
import { ApiError } from '../../lib/api-error.ts';
import { internationalPhone } from '../../lib/phone.ts';
import type { EmailProvider } from '../../providers/email/interface.ts';
import type { AuditService } from '../audit/service.ts';
import { emails } from './emails.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.ts';
import { type DealerRow, type IdentityRepo, identityRepo, type UserRow } from './repo.ts';
import {
  ACCESS_TOKEN_TTL_S,
  type AccessTokens,
  EMAIL_CHANGE_TTL_S,
  EMAIL_CONFIRM_TTL_S,
  PASSWORD_RESET_TTL_S,
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

const accepted = (t_key: string, message: string) => ({ status: 'accepted' as const, t_key, message });

function langOf(user: UserRow): UiLanguage {
  return isUiLanguage(user.lang) ? user.lang : 'en-us';
}

/** The user's language in the user's country, for e-mails (the market's variant of the language). */
function localeOf(user: UserRow): { lang: UiLanguage; country: string } {
  return { lang: langOf(user), country: user.country };
}

export function toDealer(row: DealerRow, user: UserRow): Dealer {
  const store = row.storeInfo as Record<string, unknown>;
  const location = store.location as { coordinates?: [number, number] } | undefined;
  const marketplace = row.marketplace as { documentFee?: number; margin?: number };
  return {
    id: row.id,
    labourRate: row.labourRate,
    reimbursement: row.assemblyReimbursement,
    currency: row.revenueCurrency,
    refillCountry: row.refillCountry,
    avatar: typeof store.mediaPath === 'string' ? { name: String(store.name ?? ''), path: store.mediaPath } : null,
    group: { name: row.groupName, status: row.groupStatus },
    status: row.status,
    storeInfo: {
      name: String(store.name ?? ''),
      phone: String(store.phone ?? user.phone),
      email: String(store.supportEmail ?? user.email),
      address: String(store.formattedAddress ?? ''),
      location: { type: 'Point', coordinates: location?.coordinates ?? [0, 0] },
    },
    invoicing: row.invoicing as Record<string, unknown>,
    shipping: row.shipping as Record<string, unknown>,
    marketplace: { documentFee: marketplace.documentFee ?? 0, margin: marketplace.margin ?? 0 },
  };
}

export function identityService(deps: {
  repo: IdentityRepo;
  tokens: AccessTokens;
  email: EmailProvider;
  audit: AuditService;
  publicUrl: string;
  whitelistEmails: string[];
}) {
  const { repo, tokens, email, audit, publicUrl } = deps;
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

  async function sendConfirmation(user: UserRow) {
    const token = randomToken();
    await repo.insertEmailToken({
      userId: user.id,
      purpose: 'confirm_email',
      tokenHash: sha256(token),
      expiresAt: new Date(Date.now() + EMAIL_CONFIRM_TTL_S * 1000),
    });
    await email.send(emails.confirmEmail(localeOf(user), user.email, user.name, link(user, `/confirm-email/${token}`)));
  }

  async function currentUser(user: UserRow, impersonatorId?: string): Promise<CurrentUser> {
    const dealerRow = await repo.findDealer(user.id);
    const impersonator = impersonatorId ? await repo.findUser(impersonatorId) : null;
    const roles = user.roles;
    const isDealer = dealerRow !== null;
    const scope = [...roles, ...(isDealer && dealerRow.status === ACTIVE_STATUS ? ['dealer:active'] : [])];
    return {
      _id: user.id,
      email: user.email,
      roles,
      lang: user.lang,
      country: user.country,
      scope,
      name: user.name,
      secondName: user.secondName,
      phone: user.phone,
      dateOfBirth: user.dateOfBirth,
      emailConfirmed: user.emailConfirmedAt !== null,
      pendingEmail: user.pendingEmail,
      whitelistedPresales: user.whitelistedPresales,
      isCustomer: !isDealer,
      isDealer,
      isAdmin: roles.includes('admin'),
      isLeadDealer: roles.includes('lead_dealer'),
      isTranslator: roles.includes('translator'),
      isMco: roles.includes('mco'),
      dealer: dealerRow ? toDealer(dealerRow, user) : null,
      customer: isDealer
        ? null
        : {
            id: user.id,
            isCustomer: true,
            roles,
            avatar: null,
            personalInfo: {
              name: user.name,
              surname: user.secondName,
              dob: user.dateOfBirth,
              phone: user.phone,
              email: user.email,
            },
          },
      mode: impersonatorId ? 'demo_user' : null,
      impersonator: impersonator ? { _id: impersonator.id, email: impersonator.email } : null,
    };
  }

  return {
    currentUser,
    issue,

    /** Answers the same whether or not the address has an account (no enumeration). */
    async signUp(
      body: { email: string; password: string; name: string; secondName: string; phone: string },
      query: { lang?: string | undefined; country?: string | undefined },
      meta: RequestMeta,
    ) {
      const lang = uiLanguageFrom(query.lang ?? '') ?? 'en-us';
      const country = query.country ?? 'US';
      const existing = await repo.findUserByEmail(body.email);
      if (existing) {
        await email.send(
          emails.signUpExists(localeOf(existing), existing.email, existing.name, link(existing, '/login')),
        );
      } else {
        const user = await repo.insertUser({
          email: body.email,
          passwordHash: await hashPassword(body.password),
          name: body.name,
          secondName: body.secondName,
          phone: internationalPhone(body.phone, country),
          lang,
          country,
          roles: ['customer'],
        });
        if (user) {
          await sendConfirmation(user);
          await audit.record({ actorId: user.id, action: 'user.sign_up', ip: meta.ip });
        }
      }
      return accepted('auth_check_email', 'Check your e-mail to confirm your address.');
    },

    async signIn(body: { email: string; password: string }, meta: RequestMeta): Promise<TokenPair> {
      const user = await repo.findUserByEmail(body.email);
      if (!user) {
        await burnPasswordCheck(body.password);
        throw new ApiError('INVALID_CREDENTIALS');
      }
      if (!(await verifyPassword(user.passwordHash, body.password))) throw new ApiError('INVALID_CREDENTIALS');
      if (!user.emailConfirmedAt) throw new ApiError('EMAIL_NOT_CONFIRMED');
      if (user.disabledAt) throw new ApiError('ACCOUNT_DISABLED');
      await audit.record({ actorId: user.id, action: 'user.sign_in', ip: meta.ip });
      return issue(user, randomUUID(), meta);
    },

    /**
     * Rotates the refresh token. A token presented twice revokes its whole family. An impersonation keeps the end it
     * was started with (no refresh past its hour) and ends when its administrator is no longer one.
     */
    async refresh(refreshToken: string, meta: RequestMeta): Promise<TokenPair> {
      const session = await repo.findSessionByHash(sha256(refreshToken));
      if (!session || session.revokedAt) throw new ApiError('INVALID_REFRESH_TOKEN');
      if (session.impersonatorId) {
        const impersonator = await repo.findUser(session.impersonatorId);
        const reason =
          session.expiresAt <= new Date() ? 'expired' : !impersonator?.roles.includes('admin') ? 'not_admin' : null;
        if (reason) {
          await repo.revokeFamily(session.familyId);
          await audit.record({
            actorId: session.impersonatorId,
            subjectId: session.userId,
            action: 'impersonation.end',
            ip: meta.ip,
            detail: { reason },
          });
          throw new ApiError('INVALID_REFRESH_TOKEN');
        }
      }
      if (session.expiresAt < new Date()) throw new ApiError('INVALID_REFRESH_TOKEN');
      if (session.rotatedAt || !(await repo.markRotated(session.id))) {
        await repo.revokeFamily(session.familyId);
        await audit.record({
          actorId: session.userId,
          action: 'session.reuse_detected',
          ip: meta.ip,
          detail: { family: session.familyId },
        });
        throw new ApiError('INVALID_REFRESH_TOKEN');
      }
      const user = await repo.findUser(session.userId);
      if (!user) throw new ApiError('INVALID_REFRESH_TOKEN');
      return session.impersonatorId
        ? issue(user, session.familyId, meta, session.impersonatorId, session.expiresAt)
        : issue(user, session.familyId, meta);
    },

    async logout(refreshToken: string) {
      const session = await repo.findSessionByHash(sha256(refreshToken));
      if (session) await repo.revokeFamily(session.familyId);
    },

    async me(auth: Auth): Promise<CurrentUser> {
      const user = await repo.findUser(auth.userId);
      if (!user) throw new ApiError('UNAUTHORIZED');
      return currentUser(user, auth.impersonatorId);
    },

    /** A user changes only their own record (403 otherwise, and nothing changes). */
    async updateUser(auth: Auth, id: string, body: Record<string, unknown>, meta: RequestMeta): Promise<CurrentUser> {
      if (id !== auth.userId) throw new ApiError('FORBIDDEN');
      const user = await repo.findUser(id);
      if (!user) throw new ApiError('USER_NOT_FOUND');
      const audited = {
        actorId: auth.impersonatorId ?? user.id,
        subjectId: auth.impersonatorId ? user.id : null,
        ip: meta.ip,
      };
      if (typeof body.newPassword === 'string') {
        if (auth.impersonatorId) throw new ApiError('IMPERSONATION_NOT_ALLOWED');
        if (!(await verifyPassword(user.passwordHash, String(body.currentPassword))))
          throw new ApiError('WRONG_PASSWORD');
        const updated = await repo.updateUser(id, {
          passwordHash: await hashPassword(body.newPassword),
          credentialsChangedAt: new Date(Date.now() - 1000),
        });
        await repo.revokeUserSessions(id, auth.sessionFamily);
        await email.send(emails.passwordChanged(localeOf(user), user.email, user.name, link(user, '/reset-password')));
        await audit.record({ ...audited, action: 'user.password_changed' });
        return currentUser(updated ?? user, auth.impersonatorId);
      }
      const changes: Partial<UserRow> = {};
      const country = typeof body.country === 'string' ? body.country : user.country;
      for (const key of ['name', 'secondName', 'dateOfBirth', 'country'] as const) {
        if (key in body) (changes as Record<string, unknown>)[key] = body[key];
      }
      if (typeof body.lang === 'string') changes.lang = uiLanguageFrom(body.lang) ?? user.lang;
      if (typeof body.phone === 'string') changes.phone = internationalPhone(body.phone, country);
      // The sign-in address changes only with the password and a confirmation from the new address (emailChange).
      if (typeof body.email === 'string' && body.email !== user.email) {
        throw new ApiError(auth.impersonatorId ? 'IMPERSONATION_NOT_ALLOWED' : 'EMAIL_CHANGE_NEEDS_PASSWORD');
      }
      const updated = (await repo.updateUser(id, changes)) ?? user;
      await audit.record({ ...audited, action: 'user.profile_updated', detail: { fields: Object.keys(changes) } });
      return currentUser(updated, auth.impersonatorId);
    },

    /**
     * Starts a change of the sign-in address (decision 028): the current password is required; the new address gets a
     * link to confirm it and stays pending until then (the old one still signs in); the old address is told. Asking
     * again replaces the pending address, and links sent for an earlier one stop working.
     */
    async requestEmailChange(
      auth: Auth,
      body: { email: string; currentPassword: string },
      meta: RequestMeta,
    ): Promise<CurrentUser> {
      if (auth.impersonatorId) throw new ApiError('IMPERSONATION_NOT_ALLOWED');
      const user = await repo.findUser(auth.userId);
      if (!user) throw new ApiError('UNAUTHORIZED');
      if (!(await verifyPassword(user.passwordHash, body.currentPassword))) throw new ApiError('WRONG_PASSWORD');
      if (body.email === user.email) throw new ApiError('EMAIL_UNCHANGED');
      if (await repo.findUserByEmail(body.email)) throw new ApiError('EMAIL_TAKEN');
      const token = randomToken();
      const updated =
        (await repo.startEmailChange(user.id, body.email, {
          tokenHash: sha256(token),
          expiresAt: new Date(Date.now() + EMAIL_CHANGE_TTL_S * 1000),
        })) ?? user;
      const lang = localeOf(user);
      await email.send(
        emails.confirmEmailChange(lang, body.email, user.name, link(user, `/confirm-email-change/${token}`)),
      );
      await email.send(emails.emailChangeRequested(lang, user.email, user.name, body.email, link(user, '/account')));
      await audit.record({ actorId: user.id, action: 'user.email_change_requested', ip: meta.ip });
      return currentUser(updated);
    },

    /** Drops a pending address; its link stops working. */
    async cancelEmailChange(auth: Auth, meta: RequestMeta): Promise<CurrentUser> {
      if (auth.impersonatorId) throw new ApiError('IMPERSONATION_NOT_ALLOWED');
      const user = await repo.findUser(auth.userId);
      if (!user) throw new ApiError('UNAUTHORIZED');
      if (!user.pendingEmail) return currentUser(user);
      const updated = (await repo.cancelEmailChange(user.id)) ?? user;
      await audit.record({ actorId: user.id, action: 'user.email_change_cancelled', ip: meta.ip });
      return currentUser(updated);
    },

    /** The link e-mailed to the new address: from now on it is the sign-in address. Signs nobody in. */
    async confirmEmailChange(token: string, meta: RequestMeta) {
      const used = await repo.consumeEmailChangeToken(sha256(token));
      if (!used) throw new ApiError('INVALID_TOKEN');
      if (await repo.findUserByEmail(used.address)) throw new ApiError('EMAIL_TAKEN');
      let user: UserRow | null;
      try {
        user = await repo.applyEmailChange(used.userId, used.address);
      } catch (error) {
        // Another account took the address between the check and the update (the unique index refused it).
        if (await repo.findUserByEmail(used.address)) throw new ApiError('EMAIL_TAKEN');
        throw error;
      }
      if (!user) throw new ApiError('INVALID_TOKEN');
      await audit.record({ actorId: user.id, action: 'user.email_changed', ip: meta.ip });
      return accepted('account_email_change_done', 'Your new e-mail address is confirmed; use it to sign in.');
    },

    /** Same answer whether or not the address has an account. */
    async requestPasswordReset(address: string) {
      const user = await repo.findUserByEmail(address);
      if (user) {
        const token = randomToken();
        await repo.insertEmailToken({
          userId: user.id,
          purpose: 'reset_password',
          tokenHash: sha256(token),
          expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_S * 1000),
        });
        await email.send(
          emails.resetPassword(localeOf(user), user.email, user.name, link(user, `/reset-password/${token}`)),
        );
      }
      return accepted('auth_reset_sent', 'If an account exists for this address, we sent it a link.');
    },

    /** Sets a new password from an e-mailed link; every session of the user ends. */
    async resetPassword(token: string, password: string, meta: RequestMeta) {
      const userId = await repo.consumeEmailToken(sha256(token), 'reset_password');
      if (!userId) throw new ApiError('INVALID_TOKEN');
      const user = await repo.findUser(userId);
      if (!user) throw new ApiError('INVALID_TOKEN');
      await repo.updateUser(userId, {
        passwordHash: await hashPassword(password),
        credentialsChangedAt: new Date(Date.now() - 1000),
        // Following the link proves the address.
        emailConfirmedAt: user.emailConfirmedAt ?? new Date(),
      });
      await repo.revokeUserSessions(userId);
      await email.send(emails.passwordChanged(localeOf(user), user.email, user.name, link(user, '/reset-password')));
      await audit.record({ actorId: userId, action: 'user.password_reset', ip: meta.ip });
      return accepted('auth_password_reset_done', 'Your password was changed. You can sign in now.');
    },

    /**
     * A buyer without an account at checkout (spec: confirm returns token and isNewUser). The account is created with
     * no usable password and signed in for this session; an e-mail asks the buyer to choose a password (following
     * it also confirms the address). An address that already has an account must sign in first (ACCOUNT_EXISTS), so
     * nobody orders on someone else's account.
     *
     * In two steps (decision 035): checked and its password hashed now, written by the answer inside the confirm's
     * transaction, so an order that fails leaves no account. The e-mail and the audit entry go out by `afterCommit`,
     * once the order is there.
     */
    async checkoutCustomer(
      input: { email: string; name: string; secondName: string; phone: string; lang: string; country: string },
      meta: RequestMeta,
    ) {
      if (await repo.findUserByEmail(input.email)) throw new ApiError('ACCOUNT_EXISTS');
      const passwordHash = await hashPassword(randomToken());
      return async (tx: Db): Promise<{ userId: string; pair: TokenPair; afterCommit(): Promise<void> }> => {
        const into = identityRepo(tx);
        const user = await into.insertUser({
          email: input.email,
          passwordHash,
          name: input.name,
          secondName: input.secondName,
          phone: internationalPhone(input.phone, input.country),
          lang: uiLanguageFrom(input.lang) ?? 'en-us',
          country: input.country,
          roles: ['customer'],
        });
        if (!user) throw new ApiError('ACCOUNT_EXISTS');
        const token = randomToken();
        await into.insertEmailToken({
          userId: user.id,
          purpose: 'reset_password',
          tokenHash: sha256(token),
          expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_S * 1000),
        });
        const pair = await issue(user, randomUUID(), meta, undefined, undefined, into);
        return {
          userId: user.id,
          pair,
          async afterCommit() {
            await email.send(
              emails.resetPassword(localeOf(user), user.email, user.name, link(user, `/reset-password/${token}`)),
            );
            await audit.record({ actorId: user.id, action: 'user.checkout_sign_up', ip: meta.ip });
          },
        };
      };
    },

    /** Confirms the address from an e-mailed link and signs the user in. */
    async confirmEmail(token: string, meta: RequestMeta): Promise<TokenPair> {
      const userId = await repo.consumeEmailToken(sha256(token), 'confirm_email');
      if (!userId) throw new ApiError('INVALID_TOKEN');
      const user = await repo.updateUser(userId, { emailConfirmedAt: new Date() });
      if (!user) throw new ApiError('INVALID_TOKEN');
      await audit.record({ actorId: userId, action: 'user.email_confirmed', ip: meta.ip });
      return issue(user, randomUUID(), meta);
    },

    async resendConfirmation(address: string) {
      const user = await repo.findUserByEmail(address);
      if (user && !user.emailConfirmedAt) await sendConfirmation(user);
      return accepted('auth_check_email', 'Check your e-mail to confirm your address.');
    },

    /** Approved dealers in a country (pickup points at checkout), ordered as they joined. */
    async activeDealersIn(country: string): Promise<Dealer[]> {
      return (await repo.listActiveDealers(country)).map((r) => toDealer(r.dealer, r.user));
    },

    /** Every approved dealer, with the country of its account (test rides, store finder). */
    async activeDealers(): Promise<Array<Dealer & { country: string; userId: string; lang: string }>> {
      return (await repo.listActiveDealers()).map((r) => ({
        ...toDealer(r.dealer, r.user),
        country: r.user.country,
        userId: r.user.id,
        lang: r.user.lang,
      }));
    },

    async dealerMy(auth: Auth): Promise<Dealer[]> {
      const user = await repo.findUser(auth.userId);
      const row = user ? await repo.findDealer(user.id) : null;
      return row && user ? [toDealer(row, user)] : [];
    },
  };
}
export type IdentityService = ReturnType<typeof identityService>;
