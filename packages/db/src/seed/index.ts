import { configurationHash } from '@varg/domain';
import { eq } from 'drizzle-orm';
import type { Database } from '../client.ts';
import {
  countries,
  dealers,
  languages,
  optionGroups,
  optionPrices,
  optionRules,
  productCategories,
  productOptions,
  productPrices,
  products,
  stockBikes,
  users,
} from '../schema/index.ts';
import { seedAuction, seedAuctionBids } from './auction.ts';
import {
  CATEGORY,
  dealerStockSeeds,
  GROUPS,
  OPTION_RULES,
  PRODUCT_OPTIONS,
  PRODUCTS,
  priceLists,
  stockBikeSeeds,
} from './catalog.ts';
import { seedDealerLedger } from './dealer-ledger.ts';
import { seedDealerOrders } from './dealer-orders.ts';
import { seedDeadLetters } from './emails.ts';
import { seedJobPositions, seedStoreDealers } from './engagement.ts';
import { seedLegalDocuments } from './legal.ts';
import { COUNTRIES, LANGUAGES } from './markets.ts';
import { seedDemoOrders } from './orders.ts';
import { DEMO_PASSWORD, PEOPLE } from './people.ts';
import { seedLeads } from './referrals.ts';
import { seedStore } from './store.ts';
import { seedVehicles } from './vehicles.ts';

/** The demo account that has orders to show (seed/orders.ts). */
const DEMO_ORDERS_OWNER = 'customer@demo.starkfuture.com';

export interface SeedOptions {
  /**
   * Also seed the demo (decision 026): factory stock bikes, demo people (with `hashPassword`), their orders, leads,
   * ledgers, bids and dealer stock. Production seeds the reference data only.
   */
  demo: boolean;
  /** Hashes the demo password; without it no demo account is created. */
  hashPassword?: (password: string) => Promise<string>;
  /** The seeding time the demo schedules (auction, ledger due dates) are relative to; now by default. */
  now?: Date;
}

/**
 * Reference data, the same in the demo and in production: languages, countries, the models, their option groups,
 * rules and price lists, the store catalogue and technical documents, open positions, the auction's definition.
 * Inserted once and then left alone, so what an administrator changes survives a restart.
 */
export async function seedReference(database: Database): Promise<void> {
  const { db } = database;
  await db.transaction(async (tx) => {
    await tx
      .insert(languages)
      .values(LANGUAGES.map((l) => ({ ...l, status: 1, isDefault: l.code === 'en-us' })))
      .onConflictDoNothing();
    await tx
      .insert(countries)
      .values(COUNTRIES.map((c) => ({ ...c, isDefault: c.code === 'US' })))
      .onConflictDoNothing();
    await tx.insert(productCategories).values(CATEGORY).onConflictDoNothing();
    await tx
      .insert(products)
      .values(
        PRODUCTS.map((p) => ({
          ...p,
          presaleEmails: 'presaleEmails' in p ? [...p.presaleEmails] : [],
          categorySlug: CATEGORY.slug,
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(optionGroups)
      .values(GROUPS.map((id, sort) => ({ id, nameKey: `option_group_${id}`, sort })))
      .onConflictDoNothing();
    const productOptionRows = Object.entries(PRODUCT_OPTIONS).flatMap(([productId, groups]) =>
      Object.entries(groups).flatMap(([groupId, list]) =>
        list.map(([optionId], i) => ({ productId, optionId, groupId, isDefault: i === 0, sort: i })),
      ),
    );
    await tx.insert(productOptions).values(productOptionRows).onConflictDoNothing();
    await tx.insert(optionRules).values(OPTION_RULES).onConflictDoNothing();
    await seedJobPositions(tx);
    await seedLegalDocuments(tx);
    const prices = priceLists();
    await tx.insert(productPrices).values(prices.products).onConflictDoNothing();
    await tx.insert(optionPrices).values(prices.options).onConflictDoNothing();
    await seedStore(tx);
  });
}

/**
 * The demo shop's data on top of the reference data: factory stock bikes, the auction, and with `hashPassword` the demo accounts
 * (password DEMO_PASSWORD) with their orders, vehicles, leads, dealer orders, ledgers, bids and dealer stock. Once:
 * nothing is added when the first demo account exists.
 */
export async function seedDemo(
  database: Database,
  options: { hashPassword?: SeedOptions['hashPassword']; now?: Date } = {},
): Promise<void> {
  const { db } = database;
  const now = options.now ?? new Date();
  await db
    .insert(stockBikes)
    .values(stockBikeSeeds().map((b) => ({ ...b, hash: configurationHash(b.productId, b.optionIds) })))
    .onConflictDoNothing();
  // The demo's auction: a real one is prepared by its staff, never opened by a production start.
  await db.transaction((tx) => seedAuction(tx, now));
  if (!options.hashPassword) return;
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, PEOPLE[0]?.email ?? ''))
    .limit(1);
  if (existing) return;
  const passwordHash = await options.hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    let dealerNumber = 0;
    const userIds = new Map<string, string>();
    const dealerIds = new Map<string, string>();
    for (const person of PEOPLE) {
      const [user] = await tx
        .insert(users)
        .values({
          email: person.email,
          passwordHash,
          name: person.name,
          secondName: person.secondName,
          roles: person.roles,
          lang: person.lang,
          country: person.country,
          phone: person.phone,
          whitelistedPresales: person.whitelistedPresales ?? false,
          emailConfirmedAt: new Date('2026-01-01T00:00:00Z'),
        })
        .onConflictDoNothing()
        .returning({ id: users.id });
      if (user) userIds.set(person.email, user.id);
      if (user && person.email === DEMO_ORDERS_OWNER) await seedDemoOrders(tx, user.id);
      if (user && person.dealer) {
        const [dealer] = await tx
          .insert(dealers)
          .values({
            userId: user.id,
            // Demo terms: a 12 % margin (their stock-bike purchases are at list less 12 %), a 49 € document fee.
            marketplace: { documentFee: 4_900, margin: 12 },
            ...person.dealer,
          })
          .onConflictDoNothing()
          .returning({ id: dealers.id });
        if (dealer) dealerIds.set(person.email, dealer.id);
        if (dealer && person.dealer.status === 1) {
          dealerNumber += 1;
          await tx
            .insert(stockBikes)
            .values(
              dealerStockSeeds(person.country, dealerNumber).map((b) => ({
                ...b,
                dealerId: dealer.id,
                hash: configurationHash(b.productId, b.optionIds),
              })),
            )
            .onConflictDoNothing();
        }
      }
    }
    await seedVehicles(tx, userIds);
    await seedLeads(tx, dealerIds);
    await seedDealerOrders(tx, userIds, dealerIds);
    await seedDealerLedger(tx, dealerIds, now);
    await seedAuctionBids(tx, userIds);
    await seedStoreDealers(tx, passwordHash);
    await seedDeadLetters(tx, now);
  });
}

/** Reference data, then (with `demo`) the demo's. Deterministic apart from the demo schedules' anchor, `now`. */
export async function seed(database: Database, options: SeedOptions): Promise<void> {
  await seedReference(database);
  if (options.demo) await seedDemo(database, options);
}
