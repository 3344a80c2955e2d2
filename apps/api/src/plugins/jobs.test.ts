import { MIGRATION_LOCK_KEY, openDatabase } from '@varg/db';
import Fastify from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { emptyPostgresDatabase } from '../../test/helper.ts';
import { cronOf, jobLockKey, queueName, scheduledJobs } from './jobs.ts';

// Issue 23: every process runs the scheduled jobs' timers, but a round runs in one process at a time.

describe('scheduled jobs', () => {
  it('on the queue, an interval becomes a cron no coarser than asked, evenly spaced, at most once a minute', () => {
    const minute = 60_000;
    const hour = 60 * minute;
    const cases: [number, string][] = [
      [1, '* * * * *'],
      [30_000, '* * * * *'],
      [minute, '* * * * *'],
      [119_999, '* * * * *'],
      [2 * minute, '*/2 * * * *'],
      [5 * minute, '*/5 * * * *'],
      [7 * minute, '*/6 * * * *'],
      [45 * minute, '*/30 * * * *'],
      [hour, '0 * * * *'],
      [5 * hour, '0 */4 * * *'],
      [12 * hour, '0 */12 * * *'],
      [24 * hour, '0 0 * * *'],
      [6 * 24 * hour, '0 0 * * *'],
      [7 * 24 * hour, '0 0 * * 1'],
    ];
    for (const [ms, cron] of cases) expect([ms, cronOf(ms)]).toEqual([ms, cron]);
  });

  it('on PGlite the jobs run on timers in the process', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    const app = Fastify({ logger: false });
    let runs = 0;
    scheduledJobs(app, database, {}).schedule('count', 20, async () => {
      runs += 1;
    });
    scheduledJobs(app, database, {}).schedule('never', 0, async () => {
      throw new Error('an interval of 0 never runs');
    });
    await app.ready();
    await vi.waitFor(() => expect(runs).toBeGreaterThanOrEqual(2));
    await app.close();
    await database.close();
  });

  it('a job’s queue is its name with what pg-boss refuses as a hyphen', () => {
    expect(queueName('e-mail delivery')).toBe('e-mail-delivery');
    expect(queueName('auction winners')).toBe('auction-winners');
  });

  it('each job has its own lock key, stable across processes and apart from the migration lock', () => {
    const names = ['balance reminders', 'stock reservations', 'auction winners', 'e-mail delivery'];
    const keys = names.map(jobLockKey);
    expect(new Set(keys).size).toBe(names.length);
    expect(keys).not.toContain(MIGRATION_LOCK_KEY);
    expect(jobLockKey('auction winners')).toBe(keys[2]);
    for (const key of keys) expect(Number.isInteger(key) && Math.abs(key) <= 2 ** 31).toBe(true);
  });

  const base = process.env.TEST_DATABASE_URL;
  // PGlite serves one process: there is no other process to skip.
  it.skipIf(!base)(
    'on PostgreSQL: a round that finds the job running in another process skips it',
    async () => {
      const empty = await emptyPostgresDatabase(base as string);
      const [first, second] = await Promise.all([1, 2].map(() => openDatabase({ url: empty.url, poolSize: 1 })));
      if (!first || !second) throw new Error('no database');
      try {
        const key = jobLockKey('auction winners');
        let runs = 0;
        const count = async () => {
          runs += 1;
        };
        let release = () => {};
        const running = new Promise<void>((resolve) => {
          release = resolve;
        });
        let started = () => {};
        const inside = new Promise<void>((resolve) => {
          started = resolve;
        });
        const long = first.tryExclusive(key, async () => {
          runs += 1;
          started();
          await running;
        });
        await inside;
        expect(await second.tryExclusive(key, count)).toBe(false);
        release();
        expect(await long).toBe(true);
        expect(await second.tryExclusive(key, count)).toBe(true);
        expect(runs).toBe(2);
      } finally {
        await Promise.all([first.close(), second.close()]);
        await empty.drop();
      }
    },
    60_000,
  );
});
