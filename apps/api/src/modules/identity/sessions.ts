// Identity (decision 008): sign-up and its confirmation, sign-in, refresh and sign-out.
import { randomUUID } from 'node:crypto';
import type { TokenPair } from '@varg/contracts';
import { uiLanguageFrom } from '@varg/domain';
import { ApiError } from '../../lib/api-error.ts';
import { internationalPhone } from '../../lib/phone.ts';
import { accepted, type IdentityContext, localeOf, type RequestMeta } from './context.ts';
import { emails } from './emails.ts';
import { burnPasswordCheck, hashPassword, verifyPassword } from './passwords.ts';
import { identityRepo } from './repo.ts';
import { sha256 } from './tokens.ts';

export function identitySessions({ deps, repo, link, issue, recordConfirmation, sendConfirmation }: IdentityContext) {
  const { email, audit } = deps;
  return {
    /** Answers the same whether or not the address has an account (no enumeration). */
    async signUp(
      body: {
        email: string;
        password: string;
        name: string;
        secondName: string;
        phone: string;
        referralCode?: string | undefined;
      },
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
        const passwordHash = await hashPassword(body.password);
        // The account, its confirmation link and the e-mail with it commit together (decision 056).
        const user = await repo.db.transaction(async (tx) => {
          const made = await identityRepo(tx).insertUser({
            email: body.email,
            passwordHash,
            name: body.name,
            secondName: body.secondName,
            phone: internationalPhone(body.phone, country),
            lang,
            country,
            roles: ['customer'],
          });
          if (made) await recordConfirmation(made, tx);
          return made;
        });
        if (user) {
          email.afterCommit();
          await deps.onSignUp?.(user.id, body.referralCode);
          await audit.record({ actorId: user.id, action: 'user.sign_up', ip: meta.ip });
        }
      }
      return accepted('auth_check_email');
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
      return accepted('auth_check_email');
    },
  };
}
