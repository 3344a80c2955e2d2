// Identity (decision 008, 028): the account — its profile, password, sign-in address, a reset by e-mail, and the
// account a buyer without one gets at checkout.
import { randomUUID } from 'node:crypto';
import type { CurrentUser, TokenPair } from '@varg/contracts';
import type { Db } from '@varg/db';
import { uiLanguageFrom } from '@varg/domain';
import { ApiError } from '../../lib/api-error.ts';
import { internationalPhone } from '../../lib/phone.ts';
import { type Auth, accepted, type IdentityContext, localeOf, type RequestMeta } from './context.ts';
import { emails } from './emails.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import type { IdentityProfiles } from './profiles.ts';
import { identityRepo, type UserRow } from './repo.ts';
import { EMAIL_CHANGE_TTL_S, PASSWORD_RESET_TTL_S, randomToken, sha256 } from './tokens.ts';

export function identityAccounts({ deps, repo, link, issue }: IdentityContext, { currentUser }: IdentityProfiles) {
  const { email, audit } = deps;
  const passwordChangedEmail = (user: UserRow) =>
    emails.passwordChanged(localeOf(user), user.email, user.name, link(user, '/reset-password'));
  return {
    async me(auth: Auth): Promise<CurrentUser> {
      const found = await repo.findUserWithDealer(auth.userId);
      if (!found) throw new ApiError('UNAUTHORIZED');
      return currentUser(found.user, auth.impersonatorId, found.dealer);
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
        const passwordHash = await hashPassword(body.newPassword);
        // The password, the other sessions' end, the notice and the audit entry commit together (decision 056).
        const updated = await repo.db.transaction(async (tx) => {
          const into = identityRepo(tx);
          const changed = await into.updateUser(id, {
            passwordHash,
            credentialsChangedAt: new Date(Date.now() - 1000),
          });
          await into.revokeUserSessions(id, auth.sessionFamily);
          await email.send(passwordChangedEmail(user), { tx });
          await audit.record({ ...audited, action: 'user.password_changed' }, tx);
          return changed;
        });
        email.afterCommit();
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
      const lang = localeOf(user);
      // The pending address, its link and both e-mails commit together (decision 056).
      const updated =
        (await repo.startEmailChange(
          user.id,
          body.email,
          { tokenHash: sha256(token), expiresAt: new Date(Date.now() + EMAIL_CHANGE_TTL_S * 1000) },
          async (tx) => {
            const confirmLink = link(user, `/confirm-email-change/${token}`);
            await email.send(emails.confirmEmailChange(lang, body.email, user.name, confirmLink), { tx });
            const told = emails.emailChangeRequested(lang, user.email, user.name, body.email, link(user, '/account'));
            await email.send(told, { tx });
          },
        )) ?? user;
      email.afterCommit();
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
      return accepted('account_email_change_done');
    },

    /** Same answer whether or not the address has an account. */
    async requestPasswordReset(address: string) {
      const user = await repo.findUserByEmail(address);
      if (user) {
        const token = randomToken();
        // The link's token and its e-mail commit together (decision 056), then the e-mail is delivered.
        await repo.db.transaction(async (tx) => {
          await identityRepo(tx).insertEmailToken({
            userId: user.id,
            purpose: 'reset_password',
            tokenHash: sha256(token),
            expiresAt: new Date(Date.now() + PASSWORD_RESET_TTL_S * 1000),
          });
          const message = emails.resetPassword(
            localeOf(user),
            user.email,
            user.name,
            link(user, `/reset-password/${token}`),
          );
          await email.send(message, { tx });
        });
        email.afterCommit();
      }
      return accepted('auth_reset_sent');
    },

    /** Sets a new password from an e-mailed link; every session of the user ends. */
    async resetPassword(token: string, password: string, meta: RequestMeta) {
      // The link used, the password, the sessions' end, the notice and the audit entry commit together (decision 056).
      await repo.db.transaction(async (tx) => {
        const into = identityRepo(tx);
        const userId = await into.consumeEmailToken(sha256(token), 'reset_password');
        if (!userId) throw new ApiError('INVALID_TOKEN');
        const user = await into.findUser(userId);
        if (!user) throw new ApiError('INVALID_TOKEN');
        await into.updateUser(userId, {
          passwordHash: await hashPassword(password),
          credentialsChangedAt: new Date(Date.now() - 1000),
          // Following the link proves the address.
          emailConfirmedAt: user.emailConfirmedAt ?? new Date(),
        });
        await into.revokeUserSessions(userId);
        await email.send(passwordChangedEmail(user), { tx });
        await audit.record({ actorId: userId, action: 'user.password_reset', ip: meta.ip }, tx);
      });
      email.afterCommit();
      return accepted('auth_password_reset_done');
    },

    /**
     * A new session for the buyer of a checkout whose answer was lost (decision 062): the confirm's replay proved by
     * its confirm key, or an unpaid order's pay link. Only a customer account without any other role, and with a link
     * only while no password was chosen since it was signed (`unchangedSince`): anybody else signs in.
     */
    async buyerSession(
      userId: string,
      meta: RequestMeta,
      proof: { via: 'confirm_replay' | 'pay_link'; unchangedSince?: Date },
    ) {
      const user = await repo.findUser(userId);
      if (!user || user.roles.some((role) => role !== 'customer')) throw new ApiError('INVALID_TOKEN');
      // A link is signed to the second: the account made in that second is not "changed since".
      if (proof.unchangedSince && user.credentialsChangedAt.getTime() > proof.unchangedSince.getTime() + 1000) {
        throw new ApiError('INVALID_TOKEN');
      }
      const pair = await issue(user, randomUUID(), meta);
      await audit.record({ actorId: user.id, action: `user.session_by_${proof.via}`, ip: meta.ip });
      return pair;
    },

    /**
     * A buyer without an account at checkout (spec: confirm returns token and isNewUser). The account is created with
     * no usable password and signed in for this session; an e-mail asks the buyer to choose a password (following
     * it also confirms the address). An address that already has an account must sign in first (ACCOUNT_EXISTS), so
     * nobody orders on someone else's account.
     *
     * In two steps (decision 035): checked and its password hashed now, written by the answer inside the confirm's
     * transaction with its e-mail (decision 056), so an order that fails leaves no account and no e-mail. The audit
     * entry is written by `afterCommit`, once the order is there.
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
        await email.send(
          emails.resetPassword(localeOf(user), user.email, user.name, link(user, `/reset-password/${token}`)),
          { tx },
        );
        return {
          userId: user.id,
          pair,
          async afterCommit() {
            await audit.record({ actorId: user.id, action: 'user.checkout_sign_up', ip: meta.ip });
          },
        };
      };
    },
  };
}
