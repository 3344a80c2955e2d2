import { auctionAxes, auctionBids, auctions, type Db, users } from '@varg/db';
import { and, eq, gt, gte, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { containsPattern, countAll, orderOf, windowOf } from '../../lib/admin-list.ts';
import type { AuctionRow, AxeRow } from './repo.ts';

/** A write's transaction: the audit entry of the change is written in it (decision 040). */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Called inside the change's transaction with the record before and after it. */
export type Audited<T> = (tx: Tx, before: T, after: T) => Promise<void>;

export type AuctionValues = Pick<
  typeof auctions.$inferInsert,
  'slug' | 'startsAt' | 'endsAt' | 'reserve' | 'increment' | 'extensionWindowSeconds' | 'extensionSeconds'
>;
export interface BatchValues extends AuctionValues {
  axes: number;
  featured: number[];
}
export interface AuctionFigures {
  axes: number;
  featured: number[];
  bids: number;
  closed: number;
  winners: number;
}
/** A user joined to an axe or bid (left join: null, or null fields, when there is none). */
export type PersonRow = {
  id: string | null;
  email: string | null;
  name: string | null;
  secondName: string | null;
  phone: string | null;
} | null;
export type AdminAxeRow = AxeRow & { bidder: PersonRow; winner: PersonRow };

type Page = { page: number; pageSize: number; dir: 'asc' | 'desc' };
const bidder = alias(users, 'bidder');
const winner = alias(users, 'winner');
const person = (u: typeof bidder | typeof winner) => ({
  id: u.id,
  email: u.email,
  name: u.name,
  secondName: u.secondName,
  phone: u.phone,
});

/**
 * The auction's back office (decision 046): auctions with their figures, batches of axes created and edited in one
 * transaction, an axe's flag and end changed under its row lock, bids and winners listed. Every change runs its
 * `audited` callback inside its transaction.
 */
export function auctionAdminRepo(db: Db) {
  async function figures(ids: string[]): Promise<Map<string, AuctionFigures>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({
        auctionId: auctionAxes.auctionId,
        axes: countAll,
        featured: sql<
          number[]
        >`coalesce(array_agg(${auctionAxes.number} order by ${auctionAxes.number}) filter (where ${auctionAxes.featured}), '{}')`,
        bids: sql<number>`cast(coalesce(sum(${auctionAxes.bidCount}), 0) as int)`,
        closed: sql<number>`cast(count(${auctionAxes.closedAt}) as int)`,
        winners: sql<number>`cast(count(${auctionAxes.winnerId}) as int)`,
      })
      .from(auctionAxes)
      .where(inArray(auctionAxes.auctionId, ids))
      .groupBy(auctionAxes.auctionId);
    return new Map(rows.map((r) => [r.auctionId, { ...r, featured: r.featured.map(Number) }]));
  }
  const none: AuctionFigures = { axes: 0, featured: [], bids: 0, closed: 0, winners: 0 };
  const withFigures = async (rows: AuctionRow[]) => {
    const known = await figures(rows.map((r) => r.id));
    return rows.map((r) => ({ ...r, figures: known.get(r.id) ?? none }));
  };

  /** Axes 1 to `count` (those missing), all ending at `endsAt`, the `featured` ones flagged. */
  async function shapeBatch(tx: Tx, auctionId: string, batch: BatchValues) {
    await tx.delete(auctionAxes).where(and(eq(auctionAxes.auctionId, auctionId), gt(auctionAxes.number, batch.axes)));
    await tx
      .insert(auctionAxes)
      .values(
        Array.from({ length: batch.axes }, (_, i) => ({ auctionId, number: i + 1, endsAt: batch.endsAt as Date })),
      )
      .onConflictDoNothing();
    const featured = sql`${auctionAxes.number} in (${sql.join(
      [0, ...batch.featured].map((n) => sql`${n}`),
      sql`, `,
    )})`;
    await tx
      .update(auctionAxes)
      .set({ endsAt: batch.endsAt as Date, featured, updatedAt: new Date() })
      .where(eq(auctionAxes.auctionId, auctionId));
  }

  const axeWhere = (auctionId: string, number: number) =>
    and(eq(auctionAxes.auctionId, auctionId), eq(auctionAxes.number, number));
  const axeQuery = () =>
    db
      .select({ axe: auctionAxes, bidder: person(bidder), winner: person(winner) })
      .from(auctionAxes)
      .leftJoin(bidder, eq(bidder.id, auctionAxes.highestBidderId))
      .leftJoin(winner, eq(winner.id, auctionAxes.winnerId));
  const flat = (r: { axe: AxeRow; bidder: PersonRow; winner: PersonRow }): AdminAxeRow => ({
    ...r.axe,
    bidder: r.bidder,
    winner: r.winner,
  });

  return {
    /** The time of every auction but one (the overlap rule). */
    schedules(except: string | null) {
      return db
        .select({ startsAt: auctions.startsAt, endsAt: auctions.endsAt })
        .from(auctions)
        .where(except ? sql`${auctions.id} <> ${except}::uuid` : undefined);
    },

    async list(
      query: Page & { q?: string | undefined; sort?: 'startsAt' | 'endsAt' | 'slug' | undefined; status?: string },
      at: Date,
    ) {
      const conditions: SQL[] = [];
      if (query.q) conditions.push(sql`${auctions.slug} ilike ${containsPattern(query.q)}`);
      if (query.status === 'scheduled') conditions.push(gt(auctions.startsAt, at));
      if (query.status === 'running')
        conditions.push(sql`${auctions.startsAt} <= ${at.toISOString()}::timestamptz`, gt(auctions.endsAt, at));
      if (query.status === 'ended') conditions.push(sql`${auctions.endsAt} <= ${at.toISOString()}::timestamptz`);
      const where = conditions.length ? and(...conditions) : undefined;
      const { limit, offset } = windowOf(query);
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(auctions)
          .where(where)
          .orderBy(
            ...orderOf(
              { startsAt: auctions.startsAt, endsAt: auctions.endsAt, slug: auctions.slug },
              query,
              'startsAt',
              auctions.id,
            ),
          )
          .limit(limit)
          .offset(offset),
        db.select({ n: countAll }).from(auctions).where(where),
      ]);
      return { rows: await withFigures(rows), total: counted?.n ?? 0 };
    },

    async byId(id: string) {
      const [row] = await db.select().from(auctions).where(eq(auctions.id, id));
      return row ? ((await withFigures([row]))[0] ?? null) : null;
    },

    async slugTaken(slug: string, except: string | null) {
      const [row] = await db.select({ id: auctions.id }).from(auctions).where(eq(auctions.slug, slug));
      return Boolean(row && row.id !== except);
    },

    /** A new auction with its batch of axes, in one transaction. */
    async create(batch: BatchValues, audited: (tx: Tx, created: AuctionRow) => Promise<void>) {
      return db.transaction(async (tx) => {
        const [created] = await tx
          .insert(auctions)
          .values({ ...batch, currency: 'EUR' })
          .returning();
        if (!created) throw new Error('auction not inserted');
        await shapeBatch(tx, created.id, batch);
        await audited(tx, created);
        return created;
      });
    },

    /**
     * Changes an auction and reshapes its batch under its row lock, only if `editable` still holds for the row as
     * locked and its bid count (false: nothing written).
     */
    async update(
      id: string,
      batch: BatchValues,
      editable: (row: AuctionRow, bids: number) => boolean,
      audited: Audited<AuctionRow & { axes: number; featured: number[] }>,
    ): Promise<AuctionRow | 'refused' | null> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(auctions).where(eq(auctions.id, id)).for('update');
        if (!row) return null;
        const [state] = await tx
          .select({
            bids: sql<number>`cast(coalesce(sum(${auctionAxes.bidCount}), 0) as int)`,
            axes: countAll,
            featured: sql<
              number[]
            >`coalesce(array_agg(${auctionAxes.number} order by ${auctionAxes.number}) filter (where ${auctionAxes.featured}), '{}')`,
          })
          .from(auctionAxes)
          .where(eq(auctionAxes.auctionId, id));
        if (!editable(row, state?.bids ?? 0)) return 'refused';
        const [updated] = await tx
          .update(auctions)
          .set({
            slug: batch.slug,
            startsAt: batch.startsAt,
            endsAt: batch.endsAt,
            reserve: batch.reserve,
            increment: batch.increment,
            extensionWindowSeconds: batch.extensionWindowSeconds,
            extensionSeconds: batch.extensionSeconds,
          })
          .where(eq(auctions.id, id))
          .returning();
        if (!updated) return null;
        await shapeBatch(tx, id, batch);
        await audited(
          tx,
          { ...row, axes: state?.axes ?? 0, featured: (state?.featured ?? []).map(Number) },
          { ...updated, axes: batch.axes, featured: batch.featured },
        );
        return updated;
      });
    },

    async axes(
      auctionId: string,
      query: Page & {
        q?: string | undefined;
        sort?: 'number' | 'highestAmount' | 'bidCount' | 'endsAt' | undefined;
        featured?: 'yes' | 'no' | undefined;
        bids?: 'yes' | 'no' | undefined;
      },
    ) {
      const conditions: (SQL | undefined)[] = [eq(auctionAxes.auctionId, auctionId)];
      if (query.q && /^\d{1,4}$/.test(query.q)) conditions.push(eq(auctionAxes.number, Number(query.q)));
      else if (query.q) conditions.push(sql`false`);
      if (query.featured) conditions.push(eq(auctionAxes.featured, query.featured === 'yes'));
      if (query.bids === 'yes') conditions.push(gt(auctionAxes.bidCount, 0));
      if (query.bids === 'no') conditions.push(eq(auctionAxes.bidCount, 0));
      const where = and(...conditions);
      const { limit, offset } = windowOf(query);
      const sortable = {
        number: auctionAxes.number,
        highestAmount: sql`coalesce(${auctionAxes.highestAmount}, 0)`,
        bidCount: auctionAxes.bidCount,
        endsAt: auctionAxes.endsAt,
      };
      const [rows, [counted]] = await Promise.all([
        axeQuery()
          .where(where)
          .orderBy(...orderOf(sortable, query.sort ? query : { ...query, dir: 'asc' }, 'number', auctionAxes.number))
          .limit(limit)
          .offset(offset),
        db.select({ n: countAll }).from(auctionAxes).where(where),
      ]);
      return { rows: rows.map(flat), total: counted?.n ?? 0 };
    },

    async axe(auctionId: string, number: number) {
      const [row] = await axeQuery().where(axeWhere(auctionId, number));
      return row ? flat(row) : null;
    },

    /**
     * Changes one axe under its row lock: `change` answers the new values or a refusal for the axe as locked
     * (null when there is no such axe).
     */
    async changeAxe<R extends string>(
      auctionId: string,
      number: number,
      change: (axe: AxeRow) => { refuse: R } | Partial<Pick<AxeRow, 'featured' | 'endsAt'>>,
      audited: Audited<AxeRow>,
    ): Promise<{ refused: R } | AxeRow | null> {
      return db.transaction(async (tx) => {
        const [axe] = await tx.select().from(auctionAxes).where(axeWhere(auctionId, number)).for('update');
        if (!axe) return null;
        const decided = change(axe);
        if ('refuse' in decided) return { refused: decided.refuse };
        const [after] = await tx
          .update(auctionAxes)
          .set({ ...decided, updatedAt: new Date() })
          .where(axeWhere(auctionId, number))
          .returning();
        if (!after) return null;
        await audited(tx, axe, after);
        return after;
      });
    },

    async bids(auctionId: string, number: number, query: Page & { sort?: 'at' | 'amount' | undefined }) {
      const where = and(eq(auctionBids.auctionId, auctionId), eq(auctionBids.axeNumber, number));
      const { limit, offset } = windowOf(query);
      const [rows, [counted]] = await Promise.all([
        db
          .select({ bid: auctionBids, bidder: person(bidder) })
          .from(auctionBids)
          .leftJoin(bidder, eq(bidder.id, auctionBids.userId))
          .where(where)
          .orderBy(...orderOf({ at: auctionBids.createdAt, amount: auctionBids.amount }, query, 'at', auctionBids.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: countAll }).from(auctionBids).where(where),
      ]);
      return { rows, total: counted?.n ?? 0 };
    },

    /** Closed axes with a winner, with the winner's account and the address they gave. */
    async winners(auctionId: string, query: Page & { q?: string | undefined; sort?: 'number' | 'amount' | undefined }) {
      const conditions: (SQL | undefined)[] = [
        eq(auctionAxes.auctionId, auctionId),
        sql`${auctionAxes.winnerId} is not null`,
        gte(auctionAxes.winningAmount, 0),
      ];
      if (query.q) {
        const pattern = containsPattern(query.q);
        conditions.push(
          sql`(${winner.email} ilike ${pattern} or (${winner.name} || ' ' || ${winner.secondName}) ilike ${pattern} or cast(${auctionAxes.number} as text) = ${query.q})`,
        );
      }
      const where = and(...conditions);
      const { limit, offset } = windowOf(query);
      const [rows, [counted]] = await Promise.all([
        db
          .select({ axe: auctionAxes, winner: person(winner) })
          .from(auctionAxes)
          .innerJoin(winner, eq(winner.id, auctionAxes.winnerId))
          .where(where)
          .orderBy(
            ...orderOf(
              { number: auctionAxes.number, amount: auctionAxes.winningAmount },
              query.sort ? query : { ...query, dir: 'asc' },
              'number',
              auctionAxes.number,
            ),
          )
          .limit(limit)
          .offset(offset),
        db
          .select({ n: countAll })
          .from(auctionAxes)
          .innerJoin(winner, eq(winner.id, auctionAxes.winnerId))
          .where(where),
      ]);
      return { rows, total: counted?.n ?? 0 };
    },
  };
}
export type AuctionAdminRepo = ReturnType<typeof auctionAdminRepo>;
