import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type Database, migrate, openDatabase, seed } from '@varg/db';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../src/modules/identity/passwords.ts';

/**
 * One migrated, seeded database per test run, copied for each test file: migrating and seeding took ~7–10 s of every
 * API test file's time (125 files), copying takes a fraction of that. The run's global setup (`global-setup.ts`)
 * names a folder and a PostgreSQL template for the run in `VARG_TEST_TEMPLATE`; the first file that needs a copy
 * makes the original, the others wait for it. Without that variable (a test run some other way) each file migrates
 * and seeds its own, as before.
 */
export const TEMPLATE_ENV = 'VARG_TEST_TEMPLATE';

interface RunTemplate {
  /** A folder of this run's: the PGlite original (`pglite.tar`) and its lock. */
  dir: string;
  /** This run's PostgreSQL template database. */
  database: string;
}

export function runTemplate(): RunTemplate | undefined {
  const raw = process.env[TEMPLATE_ENV];
  return raw ? (JSON.parse(raw) as RunTemplate) : undefined;
}

export function newRunTemplate(dir: string): RunTemplate {
  return { dir, database: `tpl_${randomBytes(6).toString('hex')}` };
}

/** Brings a new database to what every test file starts from: migrated, reference and demo data seeded. */
export async function migrateAndSeed(database: Database) {
  await migrate(database);
  await seed(database, { demo: true, hashPassword });
}

/** A new in-memory PGlite database, migrated and seeded (from the run's original when there is one). */
export async function pgliteFromTemplate(): Promise<Database> {
  const run = runTemplate();
  if (!run) {
    const database = await openDatabase({ dataDir: 'memory://' });
    await migrateAndSeed(database);
    return database;
  }
  const file = join(run.dir, 'pglite.tar');
  if (!existsSync(file)) await makeOnce(join(run.dir, 'pglite.lock'), file, makePgliteOriginal);
  return openDatabase({ dataDir: 'memory://', loadDataDir: new Blob([readFileSync(file)]) });
}

async function makePgliteOriginal(file: string) {
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await migrateAndSeed(database);
    const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    const tar = Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer());
    writeFileSync(`${file}.part`, tar);
    renameSync(`${file}.part`, file);
  } finally {
    await database.close();
  }
}

/**
 * Makes `file` with `make` in exactly one of the run's processes (an atomic `mkdir` is the lock); the others wait
 * until it is there, and take over when a maker that failed released the lock. A maker that died holding it leaves
 * the others waiting: they give up after two minutes.
 */
async function makeOnce(lock: string, file: string, make: (file: string) => Promise<void>): Promise<void> {
  try {
    mkdirSync(lock);
  } catch {
    for (let waited = 0; !existsSync(file); waited += 50) {
      if (!existsSync(lock)) return makeOnce(lock, file, make);
      if (waited > 120_000) throw new Error(`the test database original ${file} was not made in two minutes`);
      await sleep(50);
    }
    return;
  }
  try {
    await make(file);
  } catch (err) {
    rmSync(lock, { recursive: true, force: true });
    throw err;
  }
}

/**
 * The name of the run's migrated, seeded PostgreSQL template next to `base`, made by the first file that asks (an
 * advisory lock on `base`'s database keeps the others waiting; a template is marked as such only once complete).
 * Undefined without a run template.
 */
export async function postgresTemplate(base: string): Promise<string | undefined> {
  const run = runTemplate();
  if (!run) return undefined;
  const admin = await openDatabase({ url: base, poolSize: 1 });
  try {
    return await admin.exclusive(TEMPLATE_LOCK, async () => {
      const found = await admin.db.execute(sql`select datistemplate from pg_database where datname = ${run.database}`);
      const [row] = (found as unknown as { rows: { datistemplate: boolean }[] }).rows;
      if (row?.datistemplate) return run.database;
      // A half-made one (its maker failed): made again.
      await admin.db.execute(sql.raw(`drop database if exists ${run.database} with (force)`));
      await admin.db.execute(sql.raw(`create database ${run.database}`));
      const url = new URL(base);
      url.pathname = `/${run.database}`;
      const database = await openDatabase({ url: url.toString(), poolSize: 2 });
      try {
        await migrateAndSeed(database);
      } finally {
        await database.close();
      }
      await admin.db.execute(sql.raw(`alter database ${run.database} is_template true`));
      return run.database;
    });
  } finally {
    await admin.close();
  }
}

/** Removes the run's PostgreSQL template, if one was made. */
export async function dropPostgresTemplate(base: string, name: string) {
  const admin = await openDatabase({ url: base, poolSize: 1 });
  try {
    const found = await admin.db.execute(sql`select 1 as found from pg_database where datname = ${name}`);
    const [row] = (found as unknown as { rows: unknown[] }).rows;
    if (!row) return;
    await admin.db.execute(sql.raw(`alter database ${name} is_template false`));
    await admin.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
  } finally {
    await admin.close();
  }
}

/** Any constant of the tests' own (the migrations take `MIGRATION_LOCK_KEY`). */
const TEMPLATE_LOCK = 7_202_612;
