import { randomUUID } from 'node:crypto';
import { auctionAxes, auctionBids, auctions, type Db, orderLines, orders, payments, users } from '@varg/db';
import { and, asc, between, count, desc, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';

/** Rows of `db.execute` (node-postgres and PGlite both answer `{ rows }`). */
const rowsOf = (result: unknown): unknown[] => (result as { rows?: unknown[] }).rows ?? [];

export type AuctionRow = typeof auctions.$inferSelect;
export type AxeRow = typeof auctionAxes.$inferSelect;
export type AxeWithBidder = AxeRow & { bidderName: string | null; bidderSecondName: string | null };

const axeColumns = {
  axe: auctionAxes,
  bidderName: users.name,
  bidderSecondName: users.secondName,
};
const flat = (r: { axe: AxeRow; bidderName: string | null; bidderSecondName: string | null }): AxeWithBidder => ({
  ...r.axe,
  bidderName: r.bidderName,
  bidderSecondName: r.bidderSecondName,
});

/**
 * Auctions, axes and bids (decision 021). An axe's highest bid moves only by a compare-and-set on its row, or under
 * its row lock.
 */
export function auctionRepo(db: Db) {
  const axeQuery = () =>
    db.select(axeColumns).from(auctionAxes).leftJoin(users, eq(users.id, auctionAxes.highestBidderId));

  return {
    /** The auction that runs now or ran last: the one that started latest (before any start: the next to start). */
    async current(): Promise<AuctionRow | null> {
      const started = sql`${auctions.startsAt} <= now()`;
      const [row] = await db
        .select()
        .from(auctions)
        .orderBy(
          desc(started),
          sql`case when ${started} then ${auctions.startsAt} end desc nulls last`,
          asc(auctions.startsAt),
        )
        .limit(1);
      return row ?? null;
    },

    async range(auctionId: string, from: number, to: number) {
      const rows = await axeQuery()
        .where(and(eq(auctionAxes.auctionId, auctionId), between(auctionAxes.number, from, to)))
        .orderBy(asc(auctionAxes.number));
      return rows.map(flat);
    },

    async axe(auctionId: string, number: number) {
      const [row] = await axeQuery().where(and(eq(auctionAxes.auctionId, auctionId), eq(auctionAxes.number, number)));
      return row ? flat(row) : null;
    },

    async featured(auctionId: string, page: number, limit: number) {
      const where = and(eq(auctionAxes.auctionId, auctionId), eq(auctionAxes.featured, true));
      const [rows, [counted]] = await Promise.all([
        axeQuery()
          .where(where)
          .orderBy(asc(auctionAxes.number))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(auctionAxes).where(where),
      ]);
      return { rows: rows.map(flat), total: counted?.n ?? 0 };
    },

    async withoutBids(auctionId: string, from: number, to: number, page: number, limit: number) {
      const where = and(
        eq(auctionAxes.auctionId, auctionId),
        between(auctionAxes.number, from, to),
        isNull(auctionAxes.highestAmount),
      );
      const [rows, [counted]] = await Promise.all([
        axeQuery()
          .where(where)
          .orderBy(asc(auctionAxes.number))
          .limit(limit)
          .offset((page - 1) * limit),
        db.select({ n: count() }).from(auctionAxes).where(where),
      ]);
      return { rows: rows.map(flat), total: counted?.n ?? 0 };
    },

    async topBids(auctionId: string, number: number, limit: number) {
      return db
        .select({
          amount: auctionBids.amount,
          currency: auctionBids.currency,
          at: auctionBids.createdAt,
          name: users.name,
          secondName: users.secondName,
        })
        .from(auctionBids)
        .leftJoin(users, eq(users.id, auctionBids.userId))
        .where(and(eq(auctionBids.auctionId, auctionId), eq(auctionBids.axeNumber, number)))
        .orderBy(desc(auctionBids.amount))
        .limit(limit);
    },

    /**
     * Places a bid race-free. Fast path: `decide` looks at the axe as `known` (the caller's last view of it) or as read,
     * then one statement moves the highest bid only if the axe is still as decided against (compare-and-set on
     * `highest_bid_id` and `ends_at`) and not closed, and inserts the bid in the same statement;
     * when anything changed the axe is read again and decided again. After a few lost races the bid waits for the
     * axe's row lock (`SELECT … FOR UPDATE` in a transaction), so it is decided against the axe as every earlier bid
     * left it. Either way `decide` refuses (its answer is returned with the axe it saw, nothing written) or gives the
     * axe's new end.
     */
    async placeBid<R>(
      auctionId: string,
      number: number,
      bid: { userId: string; amount: number; currency: string; at: Date },
      decide: (axe: AxeRow) => { refuse: R } | { endsAt: Date },
      known?: AxeRow,
    ): Promise<
      | { refused: R; axe: AxeRow }
      | { bidId: string; before: AxeRow; endsAt: Date; bidder: { name: string | null; secondName: string | null } }
      | null
    > {
      const where = and(eq(auctionAxes.auctionId, auctionId), eq(auctionAxes.number, number));
      for (let attempt = 0; attempt < 3; attempt++) {
        const axe = attempt === 0 && known ? known : (await db.select().from(auctionAxes).where(where))[0];
        if (!axe) return null;
        const decision = decide(axe);
        if ('refuse' in decision) return { refused: decision.refuse, axe };
        const id = randomUUID();
        const at = bid.at.toISOString();
        const result = await db.execute(sql`
          with moved as (
            update ${auctionAxes}
               set highest_amount = ${bid.amount}, highest_bidder_id = ${bid.userId}::uuid, highest_bid_id = ${id}::uuid,
                   highest_at = ${at}::timestamptz, ends_at = ${decision.endsAt.toISOString()}::timestamptz,
                   bid_count = bid_count + 1, updated_at = ${at}::timestamptz
             where auction_id = ${auctionId}::uuid and number = ${number}
               and highest_bid_id is not distinct from ${axe.highestBidId}::uuid
               and date_trunc('milliseconds', ends_at) = ${axe.endsAt.toISOString()}::timestamptz and closed_at is null
            returning number
          )
          insert into ${auctionBids} (id, auction_id, axe_number, user_id, amount, currency, created_at)
          select ${id}::uuid, ${auctionId}::uuid, ${number}, ${bid.userId}::uuid, ${bid.amount}, ${bid.currency}, ${at}::timestamptz
            from moved
          returning id,
            (select name from ${users} where id = ${bid.userId}::uuid) as name,
            (select second_name from ${users} where id = ${bid.userId}::uuid) as second_name`);
        const [placed] = rowsOf(result) as Array<{ name: string | null; second_name: string | null }>;
        if (placed)
          return {
            bidId: id,
            before: axe,
            endsAt: decision.endsAt,
            bidder: { name: placed.name, secondName: placed.second_name },
          };
      }
      return db.transaction(async (tx) => {
        const [axe] = await tx.select().from(auctionAxes).where(where).for('update');
        if (!axe) return null;
        const decision = decide(axe);
        if ('refuse' in decision) return { refused: decision.refuse, axe };
        const [row] = await tx
          .insert(auctionBids)
          .values({
            auctionId,
            axeNumber: number,
            userId: bid.userId,
            amount: bid.amount,
            currency: bid.currency,
            createdAt: bid.at,
          })
          .returning({ id: auctionBids.id });
        if (!row) throw new Error('bid not inserted');
        await tx
          .update(auctionAxes)
          .set({
            highestAmount: bid.amount,
            highestBidderId: bid.userId,
            highestBidId: row.id,
            highestAt: bid.at,
            endsAt: decision.endsAt,
            bidCount: sql`${auctionAxes.bidCount} + 1`,
            updatedAt: bid.at,
          })
          .where(where);
        const [bidder] = await tx
          .select({ name: users.name, secondName: users.secondName })
          .from(users)
          .where(eq(users.id, bid.userId));
        return {
          bidId: row.id,
          before: axe,
          endsAt: decision.endsAt,
          bidder: bidder ?? { name: null, secondName: null },
        };
      });
    },

    /** Axes that ended and were not closed yet. */
    async dueForClosing(auctionId: string, at: Date) {
      return db
        .select({ number: auctionAxes.number })
        .from(auctionAxes)
        .where(and(eq(auctionAxes.auctionId, auctionId), isNull(auctionAxes.closedAt), lte(auctionAxes.endsAt, at)))
        .orderBy(asc(auctionAxes.number));
    },

    /**
     * Closes an ended axe once: `choose` picks the winning bid from every bid of the axe. A second call (another process,
     * a retry) finds the axe closed and changes nothing.
     */
    async close(
      auctionId: string,
      number: number,
      at: Date,
      choose: (bids: Array<{ id: string; bidderId: string; amount: number; at: Date }>) => {
        bidderId: string;
        amount: number;
      } | null,
    ) {
      return db.transaction(async (tx) => {
        const where = and(eq(auctionAxes.auctionId, auctionId), eq(auctionAxes.number, number));
        const [axe] = await tx.select().from(auctionAxes).where(where).for('update');
        if (!axe || axe.closedAt || axe.endsAt.getTime() > at.getTime()) return null;
        const bids = await tx
          .select({
            id: auctionBids.id,
            bidderId: auctionBids.userId,
            amount: auctionBids.amount,
            at: auctionBids.createdAt,
          })
          .from(auctionBids)
          .where(and(eq(auctionBids.auctionId, auctionId), eq(auctionBids.axeNumber, number)));
        const winner = choose(bids);
        await tx
          .update(auctionAxes)
          .set({
            closedAt: at,
            winnerId: winner?.bidderId ?? null,
            winningAmount: winner?.amount ?? null,
            updatedAt: at,
          })
          .where(where);
        return { number, winner };
      });
    },

    /** Winners not e-mailed yet. */
    async unmailedWinners(auctionId: string) {
      return db
        .select({
          number: auctionAxes.number,
          winnerId: auctionAxes.winnerId,
          amount: auctionAxes.winningAmount,
          email: users.email,
          name: users.name,
          lang: users.lang,
          country: users.country,
        })
        .from(auctionAxes)
        .innerJoin(users, eq(users.id, auctionAxes.winnerId))
        .where(
          and(
            eq(auctionAxes.auctionId, auctionId),
            isNotNull(auctionAxes.winnerId),
            isNull(auctionAxes.winnerEmailedAt),
          ),
        );
    },

    /** Claims the winner's e-mail (true once); `release` gives it back when sending failed. */
    async claimWinnerMail(auctionId: string, number: number, at: Date) {
      const rows = await db
        .update(auctionAxes)
        .set({ winnerEmailedAt: at })
        .where(
          and(
            eq(auctionAxes.auctionId, auctionId),
            eq(auctionAxes.number, number),
            isNull(auctionAxes.winnerEmailedAt),
          ),
        )
        .returning({ number: auctionAxes.number });
      return rows.length > 0;
    },
    async releaseWinnerMail(auctionId: string, number: number) {
      await db
        .update(auctionAxes)
        .set({ winnerEmailedAt: null })
        .where(and(eq(auctionAxes.auctionId, auctionId), eq(auctionAxes.number, number)));
    },

    async user(id: string) {
      const [row] = await db
        .select({ id: users.id, email: users.email, name: users.name, lang: users.lang, country: users.country })
        .from(users)
        .where(eq(users.id, id));
      return row ?? null;
    },

    /**
     * Records the winner's address once and makes the order the winning bid is paid through, in one transaction. Null
     * when the address was given already.
     */
    async giveAddress(
      auctionId: string,
      number: number,
      address: Record<string, unknown>,
      order: typeof orders.$inferInsert,
      line: Omit<typeof orderLines.$inferInsert, 'orderId'>,
      at: Date,
    ) {
      return db.transaction(async (tx) => {
        const where = and(
          eq(auctionAxes.auctionId, auctionId),
          eq(auctionAxes.number, number),
          isNull(auctionAxes.addressGivenAt),
        );
        const [axe] = await tx.select().from(auctionAxes).where(where).for('update');
        if (!axe) return null;
        const [created] = await tx.insert(orders).values(order).returning({ id: orders.id });
        if (!created) throw new Error('order not inserted');
        await tx.insert(orderLines).values({ ...line, orderId: created.id });
        await tx.update(auctionAxes).set({ address, addressGivenAt: at, orderId: created.id }).where(where);
        return created.id;
      });
    },

    async paidOf(orderId: string) {
      const [row] = await db
        .select({ paid: sql<number>`coalesce(sum(${payments.amount} - ${payments.refunded}), 0)::int` })
        .from(payments)
        .where(and(eq(payments.orderId, orderId), eq(payments.status, 'SUCCEEDED')));
      return row?.paid ?? 0;
    },

    /** The caller's won axe of that amount. */
    async winOf(auctionId: string, userId: string, amount: number) {
      const [row] = await db
        .select()
        .from(auctionAxes)
        .where(
          and(
            eq(auctionAxes.auctionId, auctionId),
            eq(auctionAxes.winnerId, userId),
            eq(auctionAxes.winningAmount, amount),
          ),
        )
        .orderBy(asc(auctionAxes.number))
        .limit(1);
      return row ?? null;
    },

    /** Moves an open axe's end to `at` (dev and admin: trying the end of the auction). */
    async endAxe(auctionId: string, number: number, at: Date) {
      const rows = await db
        .update(auctionAxes)
        .set({ endsAt: at, updatedAt: at })
        .where(and(eq(auctionAxes.auctionId, auctionId), eq(auctionAxes.number, number), isNull(auctionAxes.closedAt)))
        .returning({ number: auctionAxes.number });
      return rows.length > 0;
    },

    /** The newest change of any axe (the ETag of the live view). */
    async lastChange(auctionId: string) {
      const [row] = await db
        .select({ at: sql<string>`max(${auctionAxes.updatedAt})::text` })
        .from(auctionAxes)
        .where(eq(auctionAxes.auctionId, auctionId));
      return row?.at ?? '';
    },
  };
}
export type AuctionRepo = ReturnType<typeof auctionRepo>;
