// The back office's view of a customer's store credit (issue 24 item 6, decision 044): balances per currency with
// their history, and a manual credit with its reason, audited in the credit's transaction.
import {
  AdminWallet,
  type AdminWallet as AdminWalletView,
  ErrorEnvelope,
  type WalletCreditBody as WalletCredit,
  WalletCreditBody,
} from '@varg/contracts';
import { type Db, users, walletEntries } from '@varg/db';
import { isKnownCurrency, isUuid } from '@varg/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminActor } from '../../lib/admin-list.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { AuditService } from '../audit/service.ts';
import type { Guards } from '../identity/auth.ts';
import { walletHistory } from './wallet-history.ts';

/** How many of the newest entries the back office shows. */
const HISTORY = 200;

export function walletAdmin(db: Db, audit: AuditService) {
  const history = walletHistory(db);
  async function view(userId: string): Promise<AdminWalletView> {
    const { balances, history: page } = await history.read(userId, 1, HISTORY);
    return { balances, entries: page.docs };
  }

  /** The account's row locked in the transaction (wallet spending locks it too), or null when there is none. */
  async function lockAccount(tx: Pick<Db, 'select'>, userId: string) {
    const [row] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    return row ?? null;
  }

  return {
    async read(userId: string) {
      if (!isUuid(userId) || !(await lockAccount(db, userId))) throw new ApiError('USER_NOT_FOUND');
      return view(userId);
    },

    async credit(actor: { userId: string; ip: string }, userId: string, body: WalletCredit) {
      if (!isKnownCurrency(body.currency)) throw new ApiError('CURRENCY_UNKNOWN');
      if (!isUuid(userId)) throw new ApiError('USER_NOT_FOUND');
      const done = await db.transaction(async (tx) => {
        if (!(await lockAccount(tx, userId))) return false;
        const [was] = await tx
          .select({ balance: sql<number>`coalesce(sum(${walletEntries.amount}), 0)::int` })
          .from(walletEntries)
          .where(and(eq(walletEntries.userId, userId), eq(walletEntries.currency, body.currency)));
        const balance = Number(was?.balance ?? 0);
        const [entry] = await tx
          .insert(walletEntries)
          .values({ userId, currency: body.currency, amount: body.amount, reason: 'manual', note: body.reason })
          .returning({ id: walletEntries.id });
        await audit.record(
          {
            actorId: actor.userId,
            subjectId: userId,
            action: 'wallet.credit',
            entity: { type: 'user', id: userId },
            detail: { entryId: entry?.id, currency: body.currency, amount: body.amount, reason: body.reason },
            // The trail shows the balance of that currency before → after, and the reason.
            before: { [`balance ${body.currency}`]: balance },
            after: { [`balance ${body.currency}`]: balance + body.amount, reason: body.reason },
            ip: actor.ip,
          },
          tx,
        );
        return true;
      });
      if (!done) throw new ApiError('USER_NOT_FOUND');
      return view(userId);
    },
  };
}
export type WalletAdmin = ReturnType<typeof walletAdmin>;

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope };
const Params = z.object({ id: z.string().trim().min(1).max(100).meta({ description: 'The account’s id (UUID)' }) });
const WHO = 'Administrators only (anyone else 403 FORBIDDEN, anonymous 401).';

export const walletAdminRoutes: FastifyPluginAsyncZod<{ wallet: WalletAdmin; guards: Guards }> = async (
  app,
  { wallet, guards },
) => {
  const preHandler = guards.requireRole('admin');
  app.get(
    '/admin/customers/:id/wallet',
    {
      preHandler,
      schema: {
        tags: ['admin'],
        summary: 'A customer’s store credit: balance per currency and its history',
        description: `Balances are the sums of the entries per currency (what the checkout offers to spend); the history is the newest ${HISTORY} entries: goodwill, refunds as credit, credit spent on orders and administrators' manual credits with their reason. An unknown account is a 404 USER_NOT_FOUND. ${WHO}`,
        params: Params,
        response: { 200: AdminWallet, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return wallet.read(request.params.id);
    },
  );

  app.post(
    '/admin/customers/:id/wallet/credits',
    {
      preHandler,
      schema: {
        tags: ['admin'],
        summary: 'Credit a customer’s wallet (store credit) with a reason',
        description: `\`amount\` in minor units (1 to 10,000,000), \`currency\` an ISO 4217 code (unknown: 400 CURRENCY_UNKNOWN), \`reason\` (3–500 characters) kept with the entry. The customer can spend it at once at checkout in that currency. Written with its audit entry (\`wallet.credit\`, entity user) in one transaction. Answers the wallet after the credit. ${WHO}`,
        params: Params,
        body: WalletCreditBody,
        response: { 200: AdminWallet, ...errors },
      },
    },
    async (request) => wallet.credit(adminActor(request), request.params.id, request.body),
  );
};
