import { type Db, dealerLedgerEntries, dealers, users } from '@varg/db';
import { and, asc, eq } from 'drizzle-orm';

export type LedgerRow = typeof dealerLedgerEntries.$inferSelect;

export interface LedgerDealerRow {
  id: string;
  userId: string;
  status: number;
  groupName: string;
  storeInfo: unknown;
  invoicing: unknown;
  lang: string;
  country: string;
  email: string;
}

const dealerColumns = {
  id: dealers.id,
  userId: dealers.userId,
  status: dealers.status,
  groupName: dealers.groupName,
  storeInfo: dealers.storeInfo,
  invoicing: dealers.invoicing,
  lang: users.lang,
  country: users.country,
  email: users.email,
};

/** Dealer ledger entries and the dealers they belong to (decision 024). Reads name the dealer or the entry id. */
export function dealerLedgerRepo(db: Db) {
  const dealerQuery = () => db.select(dealerColumns).from(dealers).innerJoin(users, eq(users.id, dealers.userId));
  return {
    async dealer(id: string): Promise<LedgerDealerRow | null> {
      const [row] = await dealerQuery().where(eq(dealers.id, id)).limit(1);
      return row ?? null;
    },

    async dealerOfUser(userId: string): Promise<LedgerDealerRow | null> {
      const [row] = await dealerQuery().where(eq(dealers.userId, userId)).limit(1);
      return row ?? null;
    },

    /** The dealers of a group, by store name order left to the caller. */
    async group(groupName: string): Promise<LedgerDealerRow[]> {
      return dealerQuery().where(eq(dealers.groupName, groupName));
    },

    /** All entries of a dealer, oldest first (the order of the running balance). */
    async entries(dealerId: string): Promise<LedgerRow[]> {
      return db
        .select()
        .from(dealerLedgerEntries)
        .where(eq(dealerLedgerEntries.dealerId, dealerId))
        .orderBy(
          asc(dealerLedgerEntries.issuedAt),
          asc(dealerLedgerEntries.createdAt),
          asc(dealerLedgerEntries.number),
        );
    },

    async entry(id: string): Promise<LedgerRow | null> {
      const [row] = await db.select().from(dealerLedgerEntries).where(eq(dealerLedgerEntries.id, id)).limit(1);
      return row ?? null;
    },

    async entryOf(dealerId: string, id: string): Promise<LedgerRow | null> {
      const [row] = await db
        .select()
        .from(dealerLedgerEntries)
        .where(and(eq(dealerLedgerEntries.id, id), eq(dealerLedgerEntries.dealerId, dealerId)))
        .limit(1);
      return row ?? null;
    },
  };
}
export type DealerLedgerRepo = ReturnType<typeof dealerLedgerRepo>;
