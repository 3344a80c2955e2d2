import { Writable } from 'node:stream';
import { type Database, openDatabase } from '@varg/db';
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { emptyPostgresDatabase, fixedGeo, testConfig, testDatabase } from '../../test/helper.ts';
import { buildApi } from '../app.ts';
import { scheduledJobs } from './jobs.ts';

// Decision 066: on PostgreSQL the scheduled jobs run through pg-boss's cron, once per due time across processes.
// pg-boss files its cron occurrences per minute, so the first test starts early in a minute (waiting up to 40 s for one).

const base = process.env.TEST_DATABASE_URL;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** One app instance on its own connections with the jobs given, as another process would be; its error log lines. */
async function instance(url: string, jobs: Record<string, () => Promise<unknown>>) {
  const lines: string[] = [];
  const database = await openDatabase({ url, poolSize: 1 });
  const app: FastifyInstance = Fastify({
    logger: {
      level: 'error',
      stream: new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }),
    },
  });
  const scheduler = scheduledJobs(app, database, {
    retryDelaySeconds: 1,
    pollingIntervalSeconds: 0.5,
    boss: { cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1, max: 3 },
  });
  for (const [name, job] of Object.entries(jobs)) scheduler.schedule(name, 60_000, job);
  await app.ready();
  return {
    lines,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

describe.skipIf(!base)('scheduled jobs on PostgreSQL (pg-boss)', () => {
  it('a job scheduled in two instances runs once per due time; a failing one is retried and logged; the close waits for a round in flight', async () => {
    const empty = await emptyPostgresDatabase(base as string);
    const runs: { name: string; by: string; minute: number }[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const events: string[] = [];
    const jobsOf = (by: string) => {
      const ran = (name: string) => runs.push({ name, by, minute: Math.floor(Date.now() / 60_000) });
      return {
        count: async () => ran('count'),
        flaky: async () => {
          ran('flaky');
          if (runs.filter((r) => r.name === 'flaky').length === 1) throw new Error('flaky round fails once');
        },
        'slow round': async () => {
          ran('slow round');
          await held;
          events.push('slow round done');
        },
      };
    };
    // pg-boss's first cron pass sends the occurrence of the minute just begun: start early in a minute, so the rounds
    // below (about 10 s) all belong to that one due time and the next one is 30 s or more away.
    const seconds = new Date().getUTCSeconds();
    if (seconds > 20) await new Promise((resolve) => setTimeout(resolve, (61 - seconds) * 1000));
    const [first, second] = await Promise.all(['first', 'second'].map((by) => instance(empty.url, jobsOf(by))));
    if (!first || !second) throw new Error('no instances');
    const byName = { first, second };
    try {
      const count = (name: string) => runs.filter((r) => r.name === name).length;
      await vi.waitFor(
        () => {
          expect(count('count')).toBe(1);
          expect(count('flaky')).toBe(2);
          expect(count('slow round')).toBe(1);
        },
        { timeout: 100_000, interval: 250 },
      );
      // A few more cron passes and polls of both instances within the same minute send and run nothing more.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(new Set(runs.map((r) => r.minute)).size).toBe(1);
      expect(runs.filter((r) => r.name === 'count')).toHaveLength(1);
      expect(runs.filter((r) => r.name === 'slow round')).toHaveLength(1);
      expect(runs.filter((r) => r.name === 'flaky')).toHaveLength(2);
      // The failure was logged by the instance that ran it, and the worker went on to the retry.
      const failedBy = runs.find((r) => r.name === 'flaky')?.by as 'first' | 'second';
      expect(byName[failedBy].lines.some((line) => line.includes('flaky round fails once'))).toBe(true);

      // The instance running the slow round closes only once the round is done.
      const slowBy = runs.find((r) => r.name === 'slow round')?.by as 'first' | 'second';
      const closing = byName[slowBy].close().then(() => events.push('closed'));
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(events).toEqual([]);
      release();
      await closing;
      expect(events).toEqual(['slow round done', 'closed']);
      const database = await openDatabase({ url: empty.url, poolSize: 1 });
      const states = rowsOf<{ state: string }>(
        await database.db.execute(sql`select state from pgboss.job where name = 'slow-round'`),
      );
      await database.close();
      expect(states.map((s) => s.state)).toEqual(['completed']);
      await byName[slowBy === 'first' ? 'second' : 'first'].close();
    } finally {
      release();
      await Promise.allSettled([first.close(), second.close()]);
      await empty.drop();
    }
  }, 150_000);

  it('the API starts one queue per job with an interval, with its cron, runs the jobs through them, stops on close; an interval of 0 unschedules', async () => {
    const database: Database = await testDatabase();
    const app = await buildApi({
      // The production defaults of the five intervals.
      config: {
        ...testConfig,
        emailRetryIntervalMs: 30_000,
        auctionWinnersIntervalMs: 60_000,
        balanceReminderIntervalMs: 3_600_000,
        payLinkIntervalMs: 300_000,
        stockReservationIntervalMs: 300_000,
      },
      database,
      geo: fixedGeo({}),
      logger: false,
    });
    try {
      await app.ready();
      const schedules = rowsOf<{ name: string; cron: string }>(
        await database.db.execute(sql`select name, cron from pgboss.schedule order by name`),
      );
      expect(schedules).toEqual([
        { name: 'auction-winners', cron: '* * * * *' },
        { name: 'balance-reminders', cron: '0 * * * *' },
        { name: 'e-mail-delivery', cron: '* * * * *' },
        { name: 'pay-links', cron: '*/5 * * * *' },
        { name: 'stock-reservations', cron: '*/5 * * * *' },
      ]);
      // The first cron pass sends the minute just begun: the real jobs run through the queue.
      await vi.waitFor(
        async () => {
          const done = rowsOf<{ name: string }>(
            await database.db.execute(
              sql`select distinct name from pgboss.job where state = 'completed' and name in ('auction-winners', 'e-mail-delivery') order by name`,
            ),
          );
          expect(done.map((d) => d.name)).toEqual(['auction-winners', 'e-mail-delivery']);
        },
        { timeout: 60_000, interval: 500 },
      );
      await app.close();
      // A later start with pay links turned off (interval 0) takes their schedule away: the rows are shared.
      const later = await buildApi({
        config: { ...testConfig, auctionWinnersIntervalMs: 60_000, payLinkIntervalMs: 0 },
        database,
        geo: fixedGeo({}),
        logger: false,
      });
      await later.ready();
      await later.close();
      const left = rowsOf<{ name: string }>(
        await database.db.execute(sql`select name from pgboss.schedule where name = 'pay-links'`),
      );
      expect(left).toEqual([]);
    } finally {
      await app.close();
      await database.close();
    }
  }, 120_000);
});
