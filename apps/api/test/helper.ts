import { randomBytes } from 'node:crypto';
import { type Database, migrate, openDatabase, seed } from '@varg/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApi } from '../src/app.ts';
import type { ApiConfig } from '../src/config.ts';
import type { GeoLookup } from '../src/modules/markets/service.ts';

export const testConfig: ApiConfig = {
  env: 'test',
  logLevel: 'silent',
  marketingSiteUrl: 'https://marketing.example',
  trustProxy: 'loopback',
  rateLimitMax: 10_000,
};

/** Geo lookup from a fixed table, so tests name the country an address belongs to. */
export const fixedGeo = (table: Record<string, string>): GeoLookup => ({ countryOf: (ip) => table[ip] ?? null });

/**
 * A fresh, migrated and seeded database for one test file: in-memory PGlite, or a new PostgreSQL database
 * created next to TEST_DATABASE_URL (and dropped afterwards) when that is set.
 */
export async function testDatabase(): Promise<Database & { label: string }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) {
    const database = await openDatabase({ dataDir: 'memory://' });
    await migrate(database);
    await seed(database);
    return { ...database, label: 'pglite' };
  }
  const name = `t_${randomBytes(6).toString('hex')}`;
  const admin = await openDatabase({ url: base, poolSize: 1 });
  const { sql } = await import('drizzle-orm');
  await admin.db.execute(sql.raw(`create database ${name}`));
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 5 });
  await migrate(database);
  await seed(database);
  return {
    ...database,
    label: 'postgres',
    close: async () => {
      await database.close();
      await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
      await admin.close();
    },
  };
}

/** Builds the API on a fresh database for the current test file. */
export function useApi(options: { geo?: GeoLookup; config?: Partial<ApiConfig> } = {}) {
  const ctx = {} as { app: FastifyInstance; database: Database };
  beforeAll(async () => {
    ctx.database = await testDatabase();
    ctx.app = await buildApi({
      config: { ...testConfig, ...options.config },
      database: ctx.database,
      geo: options.geo ?? fixedGeo({}),
      logger: false,
    });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.close();
  });
  return ctx;
}
