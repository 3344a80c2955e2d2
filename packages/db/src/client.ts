import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL: the connection string it was opened with (a job queue opens its own pool on it). */
  url?: string;
  /** Throws when the database cannot answer. */
  ping(): Promise<void>;
  /**
   * LISTEN on a channel (a plain name): `onPayload` gets the payload of every NOTIFY on it, from any process on the same
   * database (PGlite: from this process). PostgreSQL listens on a connection of its own, opened again after a failure.
   * Answers a function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Runs `work` holding the PostgreSQL session advisory lock `key` on a connection of its own (other processes asking
   * for the same key wait); PGlite serves one process, so `work` just runs.
   */
  exclusive<T>(key: number, work: () => Promise<T>): Promise<T>;
  /**
   * Runs `work` only if the advisory lock `key` is free (PostgreSQL: held by no other process or connection), holding
   * it meanwhile; answers whether it ran. PGlite serves one process: `work` runs.
   */
  tryExclusive(key: number, work: () => Promise<unknown>): Promise<boolean>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory; `memory://` (or absent) keeps it in memory. */
  dataDir?: string | undefined;
  /**
   * PGlite: start from this dumped data directory (`dumpDataDir`) instead of an empty one. The tests start each file's
   * database from one migrated, seeded copy made once per run (`apps/api/test/template.ts`).
   */
  loadDataDir?: Blob | undefined;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
  /** Called when an idle PostgreSQL connection fails. */
  onIdleError?: (err: Error) => void;
}

export const migrationsFolder = fileURLToPath(new URL('../migrations', import.meta.url));

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // An idle connection the server closes (restart, failover, a dropped test database) must not crash the
    // process; the pool replaces it on the next query.
    pool.on('error', (err) => options.onIdleError?.(err));
    const db = drizzle(pool, { schema }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      url: options.url,
      ping: async () => {
        await pool.query('select 1');
      },
      listen: async (channel, onPayload) => {
        if (!/^[a-z_]\w*$/.test(channel)) throw new Error(`channel ${channel}`);
        let client: InstanceType<typeof pg.Client> | null = null;
        let stopped = false;
        const connect = async (): Promise<void> => {
          const c = new pg.Client({ connectionString: options.url });
          c.on('notification', (m) => {
            if (m.channel === channel && m.payload !== undefined) onPayload(m.payload);
          });
          // A dropped connection (restart, failover) is replaced a second later, again until it works; notifications
          // sent meanwhile are missed.
          let lost = false;
          const again = (err?: Error) => {
            if (lost || stopped) return;
            lost = true;
            if (err) options.onIdleError?.(err);
            c.end().catch(() => {});
            setTimeout(() => {
              if (!stopped) void connect().catch(() => {});
            }, 1000).unref();
          };
          c.on('error', again);
          c.on('end', () => again());
          try {
            await c.connect();
            await c.query(`listen ${channel}`);
          } catch (error) {
            again(error as Error);
            throw error;
          }
          client = c;
        };
        try {
          await connect();
        } catch (error) {
          // The first connection is the caller's to fail: no retries behind its back.
          stopped = true;
          throw error;
        }
        return async () => {
          stopped = true;
          await client?.end().catch(() => {});
        };
      },
      exclusive: async (key, work) => {
        const c = new pg.Client({ connectionString: options.url });
        await c.connect();
        try {
          await c.query('select pg_advisory_lock($1)', [key]);
          return await work();
        } finally {
          // Ending the session releases the lock too; unlocking first keeps the order plain.
          await c.query('select pg_advisory_unlock($1)', [key]).catch(() => {});
          await c.end().catch(() => {});
        }
      },
      tryExclusive: async (key, work) => {
        const c = new pg.Client({ connectionString: options.url });
        await c.connect();
        try {
          const { rows } = await c.query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [key]);
          if (!rows[0]?.locked) return false;
          await work();
          return true;
        } finally {
          await c.query('select pg_advisory_unlock($1)', [key]).catch(() => {});
          await c.end().catch(() => {});
        }
      },
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const dir = options.dataDir && options.dataDir !== 'memory://' ? options.dataDir : undefined;
  if (dir) mkdirSync(dir, { recursive: true });
  const client = new PGlite({ dataDir: dir, loadDataDir: options.loadDataDir });
  const db = drizzle(client, { schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: async (channel, onPayload) => {
      const stop = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await stop();
      };
    },
    exclusive: (_key, work) => work(),
    tryExclusive: async (_key, work) => {
      await work();
      return true;
    },
    close: () => client.close(),
  };
}

/** The advisory lock key every process migrating this database takes (any constant shared by all versions). */
export const MIGRATION_LOCK_KEY = 7_202_611;

/** The database was migrated by newer code than this: serving it could write what the newer schema forbids. */
export class SchemaNewerError extends Error {}

/** The time stamp (`when`) of the newest committed migration: drizzle records it as `created_at` when applied. */
export function newestMigration(): { tag: string; when: number } {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string; when: number }[];
  };
  const last = journal.entries.at(-1);
  if (!last) throw new Error('the migrations journal is empty');
  return last;
}

/** The rows of a raw query's result (both drivers answer `{ rows }`). */
const rowsOf = <T>(result: unknown): T[] => ((result as { rows?: T[] }).rows ?? []) as T[];

/** The `created_at` of the newest migration applied to the database (null: none yet). */
async function newestApplied(database: Database): Promise<number | null> {
  const [table] = rowsOf<{ present: boolean }>(
    await database.db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`),
  );
  if (!table?.present) return null;
  const [row] = rowsOf<{ newest: string | null }>(
    await database.db.execute(sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`),
  );
  return row?.newest == null ? null : Number(row.newest);
}

/**
 * Applies the committed SQL migrations, one process at a time (the others wait on `MIGRATION_LOCK_KEY`, then find
 * nothing left to do). Refuses (`SchemaNewerError`) a database that newer code has migrated: this code does not know
 * its schema.
 */
export async function migrate(database: Database): Promise<void> {
  await database.exclusive(MIGRATION_LOCK_KEY, async () => {
    const known = newestMigration();
    const applied = await newestApplied(database);
    if (applied !== null && applied > known.when)
      throw new SchemaNewerError(
        `the database schema is newer than this code (a migration of ${new Date(applied).toISOString()} is applied; this code's newest is ${known.tag}): deploy the newer code, or restore a backup made before it`,
      );
    if (database.kind === 'postgres') {
      const { migrate: run } = await import('drizzle-orm/node-postgres/migrator');
      // biome-ignore lint/suspicious/noExplicitAny: the migrator is typed per driver; the instance is the same driver
      await run(database.db as any, { migrationsFolder });
    } else {
      const { migrate: run } = await import('drizzle-orm/pglite/migrator');
      // biome-ignore lint/suspicious/noExplicitAny: as above
      await run(database.db as any, { migrationsFolder });
    }
  });
}
