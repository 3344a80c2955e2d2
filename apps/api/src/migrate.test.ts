import { type Database, MIGRATION_LOCK_KEY, migrate, newestMigration, openDatabase, SchemaNewerError } from '@varg/db';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emptyPostgresDatabase } from '../test/helper.ts';

// Issue 23 item 3: one process migrates, the others wait and find nothing to do; code never serves a database that
// newer code migrated.

const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? []) as T[];
const applied = async (database: Database) =>
  rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`))[0]
    ?.n;
const journalLength = Number(newestMigration().tag.slice(0, 4)) + 1;

describe('migrations', () => {
  it('apply once, again changes nothing, and a database migrated by newer code is refused', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      await migrate(database);
      await migrate(database);
      expect(await applied(database)).toBe(journalLength);
      const later = newestMigration().when + 60_000;
      await database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values ('from-newer-code', ${later})`,
      );
      const error = await migrate(database).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(SchemaNewerError);
      expect((error as Error).message).toContain(`this code's newest is ${newestMigration().tag}`);
    } finally {
      await database.close();
    }
  });

  const base = process.env.TEST_DATABASE_URL;
  // Several processes on one PostgreSQL database; PGlite serves one process, so it has nothing to race.
  it.skipIf(!base)(
    'on PostgreSQL: processes starting together migrate once, under the lock',
    async () => {
      const empty = await emptyPostgresDatabase(base as string);
      const processes = await Promise.all([1, 2, 3].map(() => openDatabase({ url: empty.url, poolSize: 1 })));
      const holder = await openDatabase({ url: empty.url, poolSize: 1 });
      try {
        // While another process holds the lock, a migration waits for it.
        let release = () => {};
        const held = new Promise<void>((resolve) => {
          release = resolve;
        });
        let entered = () => {};
        const holding = new Promise<void>((resolve) => {
          entered = resolve;
        });
        const holderDone = holder.exclusive(MIGRATION_LOCK_KEY, async () => {
          entered();
          await held;
        });
        await holding;
        let finished = false;
        const all = Promise.all(processes.map((p) => migrate(p))).then(() => {
          finished = true;
        });
        await new Promise((r) => setTimeout(r, 500));
        expect(finished).toBe(false);
        release();
        await holderDone;
        await all;
        expect(await applied(processes[0] as Database)).toBe(journalLength);
      } finally {
        await Promise.all([...processes, holder].map((p) => p.close()));
        await empty.drop();
      }
    },
    60_000,
  );
});
