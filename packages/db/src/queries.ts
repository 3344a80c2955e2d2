import { desc, eq, like, sql } from 'drizzle-orm';
import type { Database } from './client.ts';
import { countries, legalDocuments, users } from './schema/index.ts';
import { LEGAL_DOCUMENTS, sampleWording } from './seed/legal.ts';

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

/** The legal documents a legal entity must write itself: the seed's sample texts of these may not be served in production. */
export const ENTITY_LEGAL_KINDS = ['sale', 'privacy', 'imprint'] as const;

/**
 * The current legal documents (newest version of each kind, market and language) of the kinds in
 * `ENTITY_LEGAL_KINDS` whose text is still the seed's sample text (seed/legal.ts), as `kind country lang`.
 */
export async function sampleLegalDocuments(database: Database): Promise<string[]> {
  const current = await database.db
    .selectDistinctOn([legalDocuments.kind, legalDocuments.country, legalDocuments.lang])
    .from(legalDocuments)
    .orderBy(legalDocuments.kind, legalDocuments.country, legalDocuments.lang, desc(legalDocuments.version));
  const samples = new Set(LEGAL_DOCUMENTS.map((d) => sampleWording(d.body)));
  return current
    .filter((d) => (ENTITY_LEGAL_KINDS as readonly string[]).includes(d.kind) && samples.has(sampleWording(d.body)))
    .map((d) => `${d.kind} ${d.country} ${d.lang}`);
}
