import {
  STAFF_ROLES,
  type StaffInvitation,
  type StaffListQuery,
  type StaffMember,
  type StaffRole,
  type TokenPair,
} from '@varg/contracts';
import {
  formatLocaleSegment,
  isUiLanguage,
  LANGUAGE_HOME_COUNTRY,
  type UiLanguage,
  uiLanguageFrom,
} from '@varg/domain';
import type { z } from 'zod';
import { ApiError } from '../../lib/api-error.ts';
import type { EmailProvider } from '../../providers/email/interface.ts';
import type { AuditService } from '../audit/service.ts';
import { hashPassword } from './passwords.ts';
import type { UserRow } from './repo.ts';
import type { Auth, RequestMeta } from './service.ts';
import { staffInvitationEmail } from './staff-emails.ts';
import type { InvitationRow, StaffRepo, StaffWrites } from './staff-repo.ts';
import { randomToken, sha256 } from './tokens.ts';

/** An invitation link works for 7 days (issue 24). */
export const INVITATION_TTL_S = 7 * 24 * 60 * 60;

const isStaffRole = (role: string): role is StaffRole => (STAFF_ROLES as readonly string[]).includes(role);

/** The account's roles with its staff roles replaced: customer and dealer stay, staff roles in a fixed order. */
export function withStaffRoles(current: readonly string[], staff: readonly StaffRole[]): string[] {
  const base = current.filter((role) => !isStaffRole(role));
  return [...base, ...STAFF_ROLES.filter((role) => staff.includes(role))];
}

function invitationStatus(row: InvitationRow, now = new Date()): StaffInvitation['status'] {
  if (row.revokedAt) return 'revoked';
  if (row.acceptedAt) return 'accepted';
  return row.expiresAt <= now ? 'expired' : 'pending';
}

function toInvitation(row: InvitationRow, inviterEmail: string | null): StaffInvitation {
  return {
    _id: row.id,
    email: row.email,
    roles: row.roles.filter(isStaffRole),
    lang: row.lang,
    status: invitationStatus(row),
    invitedBy: row.invitedBy ? { _id: row.invitedBy, email: inviterEmail ?? '' } : null,
    expiresAt: row.expiresAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
  };
}

/** An invitation that can still be accepted, or the error its link answers. */
function usable(row: InvitationRow | null): InvitationRow {
  if (!row) throw new ApiError('INVITATION_NOT_FOUND');
  const status = invitationStatus(row);
  if (status === 'expired') throw new ApiError('INVITATION_EXPIRED');
  if (status !== 'pending') throw new ApiError('INVITATION_USED');
  return row;
}

/**
 * Staff and roles (issue 24, decision 040): the staff list, granting and revoking staff roles under the guard rails
 * (not one's own admin role, never the last administrator, lead dealer only for an approved dealer), and invitations
 * by e-mail. Every change is audited with the user's (or invitation's) roles before and after, in its transaction.
 */
export function staffService(deps: {
  repo: StaffRepo;
  audit: AuditService;
  email: EmailProvider;
  publicUrl: string;
  /** The signed-in session of a new staff member who accepted an invitation. */
  signIn(user: UserRow, meta: RequestMeta): Promise<TokenPair>;
}) {
  const { repo, audit, email, publicUrl } = deps;

  /** Checks the rules of a change from `before` to `after` roles of `user`, made by `actorId`. */
  async function checkRoles(writes: StaffWrites, user: UserRow, after: string[], actorId: string | null) {
    const losesAdmin = user.roles.includes('admin') && !after.includes('admin');
    if (losesAdmin && user.id === actorId) throw new ApiError('STAFF_OWN_ADMIN');
    if (losesAdmin) {
      const admins = await writes.admins();
      if (admins.filter((id) => id !== user.id).length === 0) throw new ApiError('STAFF_LAST_ADMIN');
    }
    if (
      after.includes('lead_dealer') &&
      !user.roles.includes('lead_dealer') &&
      !(await writes.isApprovedDealer(user.id))
    )
      throw new ApiError('STAFF_LEAD_DEALER_NOT_DEALER');
  }

  async function toMember(writes: StaffWrites, user: UserRow): Promise<StaffMember> {
    return {
      _id: user.id,
      email: user.email,
      name: user.name,
      secondName: user.secondName,
      roles: user.roles,
      country: user.country,
      approvedDealer: await writes.isApprovedDealer(user.id),
      createdAt: user.createdAt.toISOString(),
    };
  }

  /** The invitation's e-mail, built inside the change (sent once it committed: the outbox is another connection). */
  async function invitationMail(
    writes: StaffWrites,
    row: InvitationRow,
    token: string,
    inviter: { email: string; country: string },
  ) {
    const account = await writes.lockUserByEmail(row.email);
    const lang: UiLanguage =
      account && isUiLanguage(account.lang) ? account.lang : (uiLanguageFrom(row.lang) ?? 'en-us');
    // A new address reads the e-mail and the page in the language's home market (`de` → de-DE).
    const locale = { lang, country: account?.country ?? LANGUAGE_HOME_COUNTRY[lang] };
    const link = `${publicUrl}/${formatLocaleSegment(locale)}/staff-invitation/${token}`;
    const expires = `${row.expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    return staffInvitationEmail(locale, row.email, account?.name ?? '', {
      inviter: inviter.email,
      roles: row.roles,
      link,
      expires,
    });
  }

  const newToken = () => {
    const token = randomToken();
    return { token, tokenHash: sha256(token), expiresAt: new Date(Date.now() + INVITATION_TTL_S * 1000) };
  };

  async function inviterOf(writes: StaffWrites, auth: Auth) {
    const inviter = await writes.lockUser(auth.userId);
    if (!inviter) throw new ApiError('UNAUTHORIZED');
    return inviter;
  }

  return {
    async list(query: z.infer<typeof StaffListQuery>) {
      const { rows, total } = await repo.list(query);
      return {
        docs: rows.map(({ user, approvedDealer }) => ({
          _id: user.id,
          email: user.email,
          name: user.name,
          secondName: user.secondName,
          roles: user.roles,
          country: user.country,
          approvedDealer,
          createdAt: user.createdAt.toISOString(),
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    /** Gives the account exactly these staff roles (its customer/dealer roles stay). */
    async setRoles(auth: Auth, userId: string, roles: StaffRole[], meta: RequestMeta): Promise<StaffMember> {
      return repo.change(async (writes) => {
        const user = await writes.lockUser(userId);
        if (!user) throw new ApiError('USER_NOT_FOUND');
        const after = withStaffRoles(user.roles, roles);
        await checkRoles(writes, user, after, auth.userId);
        if (JSON.stringify(after) === JSON.stringify(user.roles)) return toMember(writes, user);
        const updated = (await writes.setRoles(user.id, after)) ?? user;
        await audit.record(
          {
            actorId: auth.userId,
            action: 'staff.roles_changed',
            entity: { type: 'user', id: user.id },
            before: { roles: user.roles },
            after: { roles: after },
            ip: meta.ip,
          },
          writes.tx,
        );
        return toMember(writes, updated);
      });
    },

    async invitations(): Promise<StaffInvitation[]> {
      return (await repo.openInvitations()).map((r) => toInvitation(r.invitation, r.inviterEmail));
    },

    /** Invites an address: one open invitation per address (a second is a resend). */
    async invite(
      auth: Auth,
      body: { email: string; roles: StaffRole[]; lang?: string | undefined },
      meta: RequestMeta,
    ): Promise<StaffInvitation> {
      const done = await repo.change(async (writes) => {
        const inviter = await inviterOf(writes, auth);
        if (await writes.openInvitationFor(body.email)) throw new ApiError('INVITATION_PENDING');
        const account = await writes.lockUserByEmail(body.email);
        if (body.roles.includes('lead_dealer') && !(account && (await writes.isApprovedDealer(account.id))))
          throw new ApiError('STAFF_LEAD_DEALER_NOT_DEALER');
        const { token, ...secret } = newToken();
        const row = await writes.insertInvitation({
          email: body.email,
          roles: STAFF_ROLES.filter((role) => body.roles.includes(role)),
          lang: uiLanguageFrom(body.lang ?? '') ?? 'en-us',
          invitedBy: auth.userId,
          ...secret,
        });
        if (!row) throw new ApiError('INVITATION_PENDING');
        await audit.record(
          {
            actorId: auth.userId,
            action: 'staff.invited',
            entity: { type: 'invitation', id: row.id },
            after: { email: row.email, roles: row.roles, status: 'pending' },
            ip: meta.ip,
          },
          writes.tx,
        );
        // The e-mail commits with the invitation and its audit entry (decision 056).
        await email.send(await invitationMail(writes, row, token, inviter), { tx: writes.tx });
        return { invitation: toInvitation(row, inviter.email) };
      });
      email.afterCommit();
      return done.invitation;
    },

    /** A new link (the old one stops working) and 7 more days. */
    async resend(auth: Auth, id: string, meta: RequestMeta): Promise<StaffInvitation> {
      const done = await repo.change(async (writes) => {
        const inviter = await inviterOf(writes, auth);
        const row = await writes.lockInvitation({ id });
        if (!row) throw new ApiError('INVITATION_NOT_FOUND');
        if (row.acceptedAt || row.revokedAt) throw new ApiError('INVITATION_CLOSED');
        const { token, ...secret } = newToken();
        const updated = (await writes.updateInvitation(row.id, secret)) ?? row;
        await audit.record(
          {
            actorId: auth.userId,
            action: 'staff.invitation_resent',
            entity: { type: 'invitation', id: row.id },
            before: { expiresAt: row.expiresAt.toISOString() },
            after: { expiresAt: updated.expiresAt.toISOString() },
            ip: meta.ip,
          },
          writes.tx,
        );
        const first = row.invitedBy ? await writes.lockUser(row.invitedBy) : null;
        // The e-mail commits with the invitation and its audit entry (decision 056).
        await email.send(await invitationMail(writes, updated, token, inviter), { tx: writes.tx });
        return { invitation: toInvitation(updated, first?.email ?? null) };
      });
      email.afterCommit();
      return done.invitation;
    },

    async revoke(auth: Auth, id: string, meta: RequestMeta): Promise<void> {
      await repo.change(async (writes) => {
        const row = await writes.lockInvitation({ id });
        if (!row) throw new ApiError('INVITATION_NOT_FOUND');
        if (row.acceptedAt || row.revokedAt) throw new ApiError('INVITATION_CLOSED');
        await writes.updateInvitation(row.id, { revokedAt: new Date() });
        await audit.record(
          {
            actorId: auth.userId,
            action: 'staff.invitation_revoked',
            entity: { type: 'invitation', id: row.id },
            before: { status: invitationStatus(row) },
            after: { status: 'revoked' },
            ip: meta.ip,
          },
          writes.tx,
        );
      });
    },

    /** What a link offers (the accept page reads it first). */
    async preview(token: string) {
      const row = usable(await repo.invitationByToken(sha256(token)));
      const existing = await repo.accountByEmail(row.email);
      return {
        email: row.email,
        roles: row.roles.filter(isStaffRole),
        existingAccount: existing !== null,
        expiresAt: row.expiresAt.toISOString(),
      };
    },

    /**
     * Accepts an invitation once. An existing account must be signed in as itself (not acted as) and gets the
     * roles; a new address gives a name and a password, gets an account (the link proves the address) and is signed in.
     */
    async accept(
      token: string,
      body: { name?: string | undefined; secondName?: string | undefined; password?: string | undefined },
      auth: Auth | undefined,
      meta: RequestMeta,
    ): Promise<{ session: TokenPair | null }> {
      const passwordHash = body.password ? await hashPassword(body.password) : null;
      const accepted = await repo.change(async (writes) => {
        const row = usable(await writes.lockInvitation({ tokenHash: sha256(token) }));
        const roles = row.roles.filter(isStaffRole);
        let user = await writes.lockUserByEmail(row.email);
        const created = user === null;
        if (user) {
          if (!auth || auth.userId !== user.id || auth.impersonatorId) throw new ApiError('INVITATION_SIGN_IN');
        } else {
          if (!body.name || !passwordHash) throw new ApiError('INVITATION_DETAILS_REQUIRED');
          user = await writes.insertUser({
            email: row.email,
            passwordHash,
            name: body.name,
            secondName: body.secondName ?? '',
            lang: row.lang,
            country: LANGUAGE_HOME_COUNTRY[uiLanguageFrom(row.lang) ?? 'en-us'],
            roles: [],
            emailConfirmedAt: new Date(),
          });
          if (!user) throw new ApiError('INVITATION_SIGN_IN');
        }
        const after = withStaffRoles(user.roles, [...user.roles.filter(isStaffRole), ...roles]);
        await checkRoles(writes, user, after, user.id);
        const updated = (await writes.setRoles(user.id, after)) ?? user;
        await writes.updateInvitation(row.id, { acceptedAt: new Date(), acceptedBy: user.id });
        await audit.record(
          {
            actorId: user.id,
            action: 'staff.invitation_accepted',
            entity: { type: 'invitation', id: row.id },
            before: { status: 'pending' },
            after: { status: 'accepted' },
            ip: meta.ip,
          },
          writes.tx,
        );
        await audit.record(
          {
            actorId: user.id,
            action: created ? 'staff.joined' : 'staff.roles_changed',
            entity: { type: 'user', id: user.id },
            before: { roles: created ? [] : user.roles },
            after: { roles: after },
            detail: { invitation: row.id },
            ip: meta.ip,
          },
          writes.tx,
        );
        return { user: updated, created };
      });
      return { session: accepted.created ? await deps.signIn(accepted.user, meta) : null };
    },
  };
}
export type StaffService = ReturnType<typeof staffService>;
