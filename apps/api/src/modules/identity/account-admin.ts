import type { AdminAccount, AdminAccountQuery, AdminAccountSummary } from '@varg/contracts';
import { isUuid } from '@varg/domain';
import { ApiError } from '../../lib/api-error.ts';
import type { AuditService } from '../audit/service.ts';
import type { AccountAdminRepo } from './account-admin-repo.ts';
import type { UserRow } from './repo.ts';

/** Only a customer can be acted as: no staff role, no dealer record (decision 028). */
export const canActAs = (roles: string[], hasDealer: boolean) =>
  !hasDealer && roles.length > 0 && roles.every((role) => role === 'customer');

function summary(user: UserRow, hasDealer: boolean): AdminAccountSummary {
  return {
    _id: user.id,
    email: user.email,
    name: user.name,
    secondName: user.secondName,
    phone: user.phone,
    country: user.country,
    roles: user.roles,
    emailConfirmed: user.emailConfirmedAt !== null,
    disabled: user.disabledAt !== null,
    createdAt: user.createdAt.toISOString(),
    actAs: canActAs(user.roles, hasDealer) && user.disabledAt === null,
  };
}

interface Actor {
  userId: string;
  ip: string;
}

/**
 * Every person's account in the back office (issue 24 item 6, decision 044): find, read with the active sign-ins, end
 * sign-ins, resend the confirmation e-mail, disable and enable. Each change is audited on the entity `user`.
 */
export function accountAdminService(deps: {
  repo: AccountAdminRepo;
  audit: AuditService;
  resendConfirmation(address: string): Promise<unknown>;
}) {
  const { repo, audit } = deps;
  const found = async (id: string) => {
    const row = isUuid(id) ? await repo.withDealer(id) : null;
    if (!row) throw new ApiError('USER_NOT_FOUND');
    return row;
  };
  const entity = (id: string) => ({ type: 'user', id });

  async function read(id: string): Promise<AdminAccount> {
    const { user, dealer } = await found(id);
    return {
      ...summary(user, dealer !== null),
      lang: user.lang,
      dateOfBirth: user.dateOfBirth,
      pendingEmail: user.pendingEmail,
      disabledAt: user.disabledAt?.toISOString() ?? null,
      updatedAt: user.updatedAt.toISOString(),
      dealer: dealer ? { _id: dealer.id, status: dealer.status } : null,
      sessions: await repo.activeSessions(user.id),
    };
  }

  return {
    async list(q: AdminAccountQuery) {
      const { rows, total } = await repo.list(q);
      return {
        docs: rows.map((r) => summary(r.user, r.dealerId !== null)),
        total,
        page: q.page,
        pageSize: q.pageSize,
      };
    },

    read,

    async setDisabled(actor: Actor, id: string, disabled: boolean): Promise<AdminAccount> {
      await found(id);
      if (disabled && id === actor.userId) throw new ApiError('ACCOUNT_DISABLE_SELF');
      const { outcome } = await repo.setDisabled(id, disabled, async (tx, before) => {
        if ((before.disabledAt !== null) === disabled) return;
        await audit.record(
          {
            actorId: actor.userId,
            subjectId: id,
            action: disabled ? 'user.disabled' : 'user.enabled',
            entity: entity(id),
            before: { disabled: before.disabledAt !== null },
            after: { disabled },
            ip: actor.ip,
          },
          tx,
        );
      });
      if (outcome === 'missing') throw new ApiError('USER_NOT_FOUND');
      if (outcome === 'last_admin') throw new ApiError('LAST_ADMIN');
      return read(id);
    },

    /** Ends one sign-in (`familyId`) or all of them. */
    async endSessions(actor: Actor, id: string, familyId?: string): Promise<AdminAccount> {
      await found(id);
      if (familyId !== undefined && !isUuid(familyId)) throw new ApiError('SESSION_NOT_FOUND');
      const ended = await repo.endSessions(id, familyId);
      if (familyId !== undefined && ended === 0) throw new ApiError('SESSION_NOT_FOUND');
      if (ended > 0)
        await audit.record({
          actorId: actor.userId,
          subjectId: id,
          action: familyId ? 'user.session_ended' : 'user.sessions_ended',
          entity: entity(id),
          detail: familyId ? { familyId } : { count: ended },
          ip: actor.ip,
        });
      return read(id);
    },

    async resendConfirmation(actor: Actor, id: string): Promise<void> {
      const { user } = await found(id);
      if (user.emailConfirmedAt) throw new ApiError('EMAIL_ALREADY_CONFIRMED');
      await deps.resendConfirmation(user.email);
      await audit.record({
        actorId: actor.userId,
        subjectId: id,
        action: 'user.confirmation_resent',
        entity: entity(id),
        ip: actor.ip,
      });
    },
  };
}
export type AccountAdminService = ReturnType<typeof accountAdminService>;
