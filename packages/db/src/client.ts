import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Throws when the database cannot answer. */
  ping(): Promise<void>;
  /**
   * LISTEN on a channel (a plain name): `onPayload` gets the payload of every NOTIFY on it, from any process on the same
   * database (PGlite: from this process). PostgreSQL listens on a connection of its own, opened again after a failure.
   * Answers a function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL connection string; when absent the embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory; `memory://` (or absent) keeps it in memory. */
  dataDir?: string | undefined;
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
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const dir = options.dataDir && options.dataDir !== 'memory://' ? options.dataDir : undefined;
  if (dir) mkdirSync(dir, { recursive: true });
  const client = new PGlite(dir);
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
    close: () => client.close(),
  };
}

/** Applies the committed SQL migrations. */
export async function migrate(database: Database): Promise<void> {
  if (database.kind === 'postgres') {
    const { migrate: run } = await import('drizzle-orm/node-postgres/migrator');
    // biome-ignore lint/suspicious/noExplicitAny: the migrator is typed per driver; the instance is the same driver
    await run(database.db as any, { migrationsFolder });
  } else {
    const { migrate: run } = await import('drizzle-orm/pglite/migrator');
    // biome-ignore lint/suspicious/noExplicitAny: as above
    await run(database.db as any, { migrationsFolder });
  }
}
