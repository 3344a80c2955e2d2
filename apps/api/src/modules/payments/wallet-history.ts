// One query for a customer's store credit (decision 051): the balance per currency (the sum of its entries, what the
// checkout offers to spend) and the history newest first, page by page. The back office and the owner read the same.
import type { OwnWallet } from '@varg/contracts';
import { type Db, walletEntries } from '@varg/db';
import { pageInfo } from '@varg/domain';
import { count, desc, eq, sql } from 'drizzle-orm';

export function walletHistory(db: Db) {
  return {
    async read(userId: string, page: number, limit: number): Promise<OwnWallet> {
      const mine = eq(walletEntries.userId, userId);
      const [balances, entries, [counted]] = await Promise.all([
        db
          .select({
            currency: walletEntries.currency,
            amount: sql<number>`coalesce(sum(${walletEntries.amount}), 0)::int`,
          })
          .from(walletEntries)
          .where(mine)
          .groupBy(walletEntries.currency)
          .orderBy(walletEntries.currency),
        db
          .select()
          .from(walletEntries)
          .where(mine)
          .orderBy(desc(walletEntries.createdAt), desc(walletEntries.id))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(walletEntries).where(mine),
      ]);
      const { hasPreviousPage: _, ...info } = pageInfo(page, limit, counted?.n ?? 0);
      return {
        balances: balances.map((b) => ({ currency: b.currency, amount: Number(b.amount) })),
        history: {
          docs: entries.map((e) => ({
            _id: e.id,
            currency: e.currency,
            amount: e.amount,
            reason: e.reason,
            note: e.note,
            createdAt: e.createdAt.toISOString(),
          })),
          ...info,
        },
      };
    },
  };
}
export type WalletHistory = ReturnType<typeof walletHistory>;
