import type { Database } from '../client.ts';
import { countries, languages } from '../schema/index.ts';
import { COUNTRIES, LANGUAGES } from './markets.ts';

/**
 * Deterministic seed. Reference rows are inserted once and then left alone, so what an administrator changes
 * survives a restart.
 */
export async function seed(database: Database): Promise<void> {
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
  });
}
