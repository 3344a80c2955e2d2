import { afterEach, describe, expect, it } from 'vitest';
import { type Database, migrate, openDatabase } from '../client.ts';
import {
  auctionAxes,
  auctions,
  countries,
  dealerLedgerEntries,
  jobPositions,
  orders,
  productPrices,
  products,
  stockBikes,
  users,
} from '../schema/index.ts';
import { DEMO_LEDGER_DAYS, demoLedgerDate } from './dealer-ledger.ts';
import { seed, seedReference } from './index.ts';

// Decision 026: reference data is seeded apart from the demo's people and orders, and the demo's schedules are relative
// to the seeding time (no date after which the demo auction is closed or a due invoice turns overdue by itself).

const hashPassword = async (password: string) => `plain:${password}`;
let database: Database | undefined;
async function fresh() {
  database = await openDatabase({ dataDir: 'memory://' });
  await migrate(database);
  return database;
}
afterEach(async () => {
  await database?.close();
  database = undefined;
});

describe('the seed', () => {
  it('loads reference data alone: the catalogue and markets, no person, order, stock or auction', async () => {
    const { db } = await fresh();
    await seedReference(database as Database);
    expect((await db.select().from(countries)).length).toBeGreaterThan(30);
    expect((await db.select().from(products)).length).toBeGreaterThan(0);
    expect((await db.select().from(productPrices)).length).toBeGreaterThan(0);
    expect((await db.select().from(jobPositions)).length).toBeGreaterThan(0);
    // An auction is demo data: a production start never opens one nobody prepared.
    expect(await db.select().from(auctions)).toEqual([]);
    expect(await db.select().from(users)).toEqual([]);
    expect(await db.select().from(orders)).toEqual([]);
    expect(await db.select().from(stockBikes)).toEqual([]);
    // Production's seed (demo: false) is the same, even with a password hasher.
    await seed(database as Database, { demo: false, hashPassword });
    expect(await db.select().from(users)).toEqual([]);
    expect(await db.select().from(auctions)).toEqual([]);
    expect(await db.select().from(stockBikes)).toEqual([]);
  });

  it('seeds an open auction and a ledger with one overdue and one open invoice, whenever it runs', async () => {
    for (const now of [new Date('2031-12-24T19:00:00Z')]) {
      const { db } = await fresh();
      await seed(database as Database, { demo: true, hashPassword, now });
      const [auction] = await db.select().from(auctions);
      expect(auction?.startsAt.getTime()).toBeLessThan(now.getTime());
      expect(auction?.endsAt.getTime()).toBeGreaterThan(now.getTime() + 29 * 86_400_000);
      const axes = await db.select().from(auctionAxes);
      expect(axes.every((a) => a.endsAt.getTime() === auction?.endsAt.getTime())).toBe(true);
      // The demo bids were placed after the opening and before the seeding.
      for (const axe of axes.filter((a) => a.highestAt)) {
        expect(axe.highestAt?.getTime()).toBeGreaterThan(auction?.startsAt.getTime() ?? 0);
        expect(axe.highestAt?.getTime()).toBeLessThan(now.getTime());
      }
      const today = demoLedgerDate(0, now);
      const invoices = (await db.select().from(dealerLedgerEntries)).filter((e) => e.kind === 'invoice');
      const open = invoices.filter((e) => e.status === 'open');
      expect(open.length).toBeGreaterThan(0);
      // Per dealer: one open invoice past its due date (overdue), one not yet due.
      const dealers = new Set(invoices.map((e) => e.dealerId));
      expect(open.filter((e) => (e.dueAt ?? '') < today)).toHaveLength(dealers.size);
      expect(open.filter((e) => (e.dueAt ?? '') >= today)).toHaveLength(dealers.size);
      expect(open.map((e) => e.dueAt).sort()).toEqual(
        [
          ...Array(dealers.size).fill(demoLedgerDate(DEMO_LEDGER_DAYS.overdueDue, now)),
          ...Array(dealers.size).fill(demoLedgerDate(DEMO_LEDGER_DAYS.openDue, now)),
        ].sort(),
      );
      await database?.close();
      database = undefined;
    }
  });
});
