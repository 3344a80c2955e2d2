import type {
  AdminDealer,
  AdminDealerQuery,
  AdminDealerSummary,
  AdminDealerTerms,
  AdminDealerTermsBody,
} from '@varg/contracts';
import { type Db, dealers, users } from '@varg/db';
import { isKnownCurrency, isUuid } from '@varg/domain';
import { and, eq, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import { containsPattern, countAll, orderOf, windowOf } from '../../lib/admin-list.ts';
import { ApiError } from '../../lib/api-error.ts';
import { type AuditService, changedFields } from '../audit/service.ts';
import { APPROVED_DEALER } from './directory.ts';

type DealerRow = typeof dealers.$inferSelect;
type UserRow = typeof users.$inferSelect;
type Status = AdminDealerSummary['status'];

const SUSPENDED = 2;
const storeName = sql<string>`coalesce(${dealers.storeInfo} ->> 'name', '')`;
const companyName = sql<string>`coalesce(${dealers.invoicing} ->> 'company', '')`;

/** A rejected application and a suspended dealer share status 2; a rejection carries its reason. */
function statusOf(row: DealerRow): Status {
  if (row.status === APPROVED_DEALER) return 'approved';
  if (row.status === SUSPENDED) return row.rejectionReason === null ? 'suspended' : 'rejected';
  return 'pending';
}

const statusWhere: Record<Status, SQL | undefined> = {
  pending: eq(dealers.status, 0),
  approved: eq(dealers.status, APPROVED_DEALER),
  suspended: and(eq(dealers.status, SUSPENDED), isNull(dealers.rejectionReason)),
  rejected: and(eq(dealers.status, SUSPENDED), isNotNull(dealers.rejectionReason)),
};

function termsOf(row: DealerRow, user: UserRow): AdminDealerTerms {
  const marketplace = (row.marketplace ?? {}) as { margin?: unknown; documentFee?: unknown };
  return {
    groupName: row.groupName,
    leadDealer: user.roles.includes('lead_dealer'),
    maxDiscountBp: row.maxDiscountBp,
    margin: typeof marketplace.margin === 'number' ? marketplace.margin : 0,
    documentFee: typeof marketplace.documentFee === 'number' ? marketplace.documentFee : 0,
    labourRate: row.labourRate,
    currency: row.revenueCurrency,
    status: statusOf(row),
  };
}

function summary(row: DealerRow, user: UserRow): AdminDealerSummary {
  return {
    _id: row.id,
    userId: user.id,
    email: user.email,
    storeName: String((row.storeInfo as { name?: unknown }).name ?? ''),
    companyName: String((row.invoicing as { company?: unknown }).company ?? ''),
    country: user.country,
    groupName: row.groupName,
    status: statusOf(row),
    maxDiscountBp: row.maxDiscountBp,
    currency: row.revenueCurrency,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The back office's dealers (issue 24 item 7, decision 044): find them, and edit an approved dealer's terms — group,
 * lead dealer (the user's `lead_dealer` role), maximum discount, marketplace margin and document fee, labour rate,
 * currency, and status (approved or suspended). The cart and the orders read the terms from the record on every
 * request (the `DealerDirectory` keeps no cache), so the dealer's next cart follows a change at once.
 */
export function dealerTermsAdmin(db: Db, audit: AuditService) {
  const withUser = async (id: string) => {
    const [row] = isUuid(id)
      ? await db
          .select({ dealer: dealers, user: users })
          .from(dealers)
          .innerJoin(users, eq(users.id, dealers.userId))
          .where(eq(dealers.id, id))
          .limit(1)
      : [];
    if (!row) throw new ApiError('DEALER_NOT_FOUND');
    return row;
  };
  const view = ({ dealer, user }: { dealer: DealerRow; user: UserRow }): AdminDealer => ({
    ...summary(dealer, user),
    terms: termsOf(dealer, user),
  });

  return {
    async list(q: AdminDealerQuery) {
      const pattern = q.q ? containsPattern(q.q) : null;
      const where = and(
        pattern
          ? or(
              sql`${storeName} ilike ${pattern}`,
              sql`${companyName} ilike ${pattern}`,
              sql`${users.email} ilike ${pattern}`,
              sql`${dealers.groupName} ilike ${pattern}`,
            )
          : undefined,
        q.status ? statusWhere[q.status] : undefined,
        q.country ? eq(users.country, q.country) : undefined,
        q.group ? eq(dealers.groupName, q.group) : undefined,
      );
      const columns = {
        storeName: sql`lower(${storeName})`,
        email: users.email,
        group: dealers.groupName,
        status: dealers.status,
        createdAt: dealers.createdAt,
      };
      const [rows, [count]] = await Promise.all([
        db
          .select({ dealer: dealers, user: users })
          .from(dealers)
          .innerJoin(users, eq(users.id, dealers.userId))
          .where(where)
          .orderBy(...orderOf(columns, q, 'createdAt', dealers.id))
          .limit(windowOf(q).limit)
          .offset(windowOf(q).offset),
        db.select({ total: countAll }).from(dealers).innerJoin(users, eq(users.id, dealers.userId)).where(where),
      ]);
      return {
        docs: rows.map((r) => summary(r.dealer, r.user)),
        total: Number(count?.total ?? 0),
        page: q.page,
        pageSize: q.pageSize,
      };
    },

    async read(id: string) {
      return view(await withUser(id));
    },

    async updateTerms(actor: { userId: string; ip: string }, id: string, body: AdminDealerTermsBody) {
      if (!isKnownCurrency(body.currency)) throw new ApiError('CURRENCY_UNKNOWN');
      const current = await withUser(id);
      const currentStatus = statusOf(current.dealer);
      if (currentStatus !== 'approved' && currentStatus !== 'suspended') throw new ApiError('DEALER_NOT_APPROVED');
      await db.transaction(async (tx) => {
        // Locked and read again inside the transaction: the before of the audit is what was overwritten.
        const [dealer] = await tx.select().from(dealers).where(eq(dealers.id, id)).for('update');
        const [user] = await tx.select().from(users).where(eq(users.id, current.user.id)).for('update');
        if (!dealer || !user) throw new ApiError('DEALER_NOT_FOUND');
        const before = termsOf(dealer, user);
        const marketplace = { ...(dealer.marketplace as object), margin: body.margin, documentFee: body.documentFee };
        await tx
          .update(dealers)
          .set({
            groupName: body.groupName,
            maxDiscountBp: body.maxDiscountBp,
            labourRate: body.labourRate,
            revenueCurrency: body.currency,
            status: body.status === 'approved' ? APPROVED_DEALER : SUSPENDED,
            marketplace,
            updatedAt: new Date(),
          })
          .where(eq(dealers.id, id));
        if (before.leadDealer !== body.leadDealer) {
          const roles = body.leadDealer
            ? [...new Set([...user.roles, 'lead_dealer'])]
            : user.roles.filter((r) => r !== 'lead_dealer');
          await tx.update(users).set({ roles, updatedAt: new Date() }).where(eq(users.id, user.id));
        }
        const after: AdminDealerTerms = { ...body, status: body.status };
        const changed = changedFields({ ...before }, { ...after });
        if (Object.keys(changed.after).length === 0) return;
        await audit.record(
          {
            actorId: actor.userId,
            subjectId: user.id,
            action: 'dealer.terms',
            entity: { type: 'dealer', id },
            ...changed,
            ip: actor.ip,
          },
          tx,
        );
      });
      return view(await withUser(id));
    },
  };
}
export type DealerTermsAdmin = ReturnType<typeof dealerTermsAdmin>;
