import { eq, like, sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { countries, users } from './schema/index.ts';

/** The markets sold to: countries with status 1, with their currency. */
export async function activeMarkets(database: Database): Promise<Array<{ code: string; currency: string }>> {
  return database.db
    .select({ code: countries.code, currency: countries.currencyCode })
    .from(countries)
    .where(eq(countries.status, 1))
    .orderBy(countries.code);
}

/** The domain of the demo accounts (seed/people.ts). */
export const DEMO_ACCOUNT_DOMAIN = 'demo.starkfuture.com';

/** How many demo accounts (…@demo.starkfuture.com) the database holds: an earlier demo start left them. */
export async function demoAccountCount(database: Database): Promise<number> {
  const [row] = await database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(users)
    .where(like(users.email, `%@${DEMO_ACCOUNT_DOMAIN}`));
  return Number(row?.n ?? 0);
}
