import type { Database } from '@varg/db';
import type { FastifyInstance } from 'fastify';
import { type ConstructorOptions, PgBoss } from 'pg-boss';
import { inJobSpan } from './tracing.ts';

// The scheduled jobs (decision 066): on PostgreSQL through pg-boss, whose cron creates one job per due time across
// all processes and gives it to one worker; on PGlite (the demo, the tests) with a timer in the process.

/** The one seam the modules schedule their jobs through. */
export interface ScheduledJobs {
  /**
   * Runs `job` every `ms` (0: never) while the app is up; a failure is logged under `name`, never thrown. A round runs
   * in one process at a time; the jobs claim their rows too, so a round that does run twice changes nothing twice.
   */
  schedule(name: string, ms: number, job: () => Promise<unknown>): void;
}

export interface JobOptions {
  /** `timers` runs the jobs on timers even on PostgreSQL (default `pg-boss`). */
  queue?: 'pg-boss' | 'timers' | undefined;
  /** The pg-boss schema (default `pgboss`). */
  schema?: string;
  /** Seconds a failed round waits before its retry (default 60). */
  retryDelaySeconds?: number;
  /** How often an idle worker asks for its queue's next job, in seconds (default 10). */
  pollingIntervalSeconds?: number;
  /** More pg-boss settings (tests make the cron pass more frequent). */
  boss?: Partial<ConstructorOptions>;
}

/** The queue of a job: its name with the characters pg-boss refuses as `-` (`e-mail delivery` → `e-mail-delivery`). */
export const queueName = (name: string): string => name.replace(/[^\w.\-/]+/g, '-');

const DIVISORS_OF_HOUR = [1, 2, 3, 4, 5, 6, 10, 12, 15, 20, 30];
const DIVISORS_OF_DAY = [1, 2, 3, 4, 6, 8, 12];
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The cron expression (UTC) of an interval: pg-boss sends at most one job a minute, so anything under a minute runs
 * every minute; longer intervals are rounded down to one that divides the hour (minutes) or the day (hours), so the
 * rounds stay evenly spaced and never further apart than asked; a day or more runs daily at 00:00, a week or more
 * weekly (Monday 00:00).
 */
export function cronOf(ms: number): string {
  if (ms < 2 * MINUTE) return '* * * * *';
  if (ms < HOUR) {
    const minutes = DIVISORS_OF_HOUR.filter((d) => d <= ms / MINUTE).at(-1) ?? 1;
    return `*/${minutes} * * * *`;
  }
  if (ms < 2 * HOUR) return '0 * * * *';
  if (ms < DAY) {
    const hours = DIVISORS_OF_DAY.filter((d) => d <= ms / HOUR).at(-1) ?? 1;
    return `0 */${hours} * * *`;
  }
  if (ms < 7 * DAY) return '0 0 * * *';
  return '0 0 * * 1';
}

/**
 * The scheduled jobs of one app instance. On PostgreSQL (unless `queue` is `timers`) the first `schedule` with an
 * interval makes the instance start one pg-boss when the app is ready (schema `pgboss`): a queue per job, its cron
 * schedule and a worker; the close stops it gracefully, waiting for the rounds in flight. Otherwise each job gets a
 * timer, under an advisory lock on PostgreSQL.
 */
export function scheduledJobs(
  app: FastifyInstance,
  database: Pick<Database, 'kind' | 'url' | 'tryExclusive'>,
  options: JobOptions = {},
): ScheduledJobs {
  const { url } = database;
  if (database.kind !== 'postgres' || !url || options.queue === 'timers')
    return { schedule: (name, ms, job) => every(app, ms, name, job, database) };
  const jobs = new Map<string, { ms: number; job: () => Promise<unknown> }>();
  let boss: PgBoss | null = null;
  app.addHook('onReady', async () => {
    if (![...jobs.values()].some((j) => j.ms > 0)) return;
    const started = new PgBoss({
      connectionString: url,
      schema: options.schema ?? 'pgboss',
      max: 4,
      application_name: 'varg-jobs',
      // A cron pass (one process's claim, then the due jobs) every 10 s rather than 30 s: a new schedule's first job
      // is sent sooner, at the cost of one small update per process every 10 s.
      cronMonitorIntervalSeconds: 10,
      ...options.boss,
    });
    started.on('error', (error) => app.log.error({ err: error }, 'job queue'));
    started.on('warning', (warning) => app.log.warn({ data: warning.data }, `job queue: ${warning.message}`));
    await started.start();
    boss = started;
    for (const [name, { ms, job }] of jobs) await enqueue(started, name, ms, job);
  });
  // The rounds in flight may finish for 8 s: the server exits at the latest 10 s after SIGTERM (apps/web/server).
  app.addHook('onClose', async () => {
    await boss?.stop({ graceful: true, timeout: 8_000 });
  });

  async function enqueue(started: PgBoss, name: string, ms: number, job: () => Promise<unknown>): Promise<void> {
    const queue = queueName(name);
    if (ms <= 0) {
      // Turned off here: no job of it is created any more (the schedule rows are shared by all processes).
      if (await started.getQueue(queue)) await started.unschedule(queue);
      return;
    }
    // `stately`: at most one round waiting and one running, so a long round never runs beside the next one.
    await started.createQueue(queue, {
      policy: 'stately',
      retryLimit: 2,
      retryDelay: options.retryDelaySeconds ?? 60,
      expireInSeconds: 15 * 60,
      // A round whose process died (no heartbeat for 30 s) is retried by another process.
      heartbeatSeconds: 30,
      deleteAfterSeconds: 24 * 60 * 60,
    });
    await started.schedule(queue, cronOf(ms));
    await started.work(queue, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 10 }, async () => {
      try {
        await inJobSpan(name, job);
      } catch (error) {
        app.log.error({ err: error }, name);
        // pg-boss records the failure and retries the round (twice, `retryDelay` apart).
        throw error;
      }
    });
  }

  return {
    schedule: (name, ms, job) => {
      if (jobs.has(name)) throw new Error(`the job ${name} is scheduled twice`);
      jobs.set(name, { ms, job });
    },
  };
}

/** A job's advisory lock key: its name hashed (FNV-1a) into PostgreSQL's int range, apart from the migration lock. */
export function jobLockKey(name: string): number {
  let hash = 0x811c9dc5;
  for (const char of `job:${name}`) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193);
  return hash | 0;
}

/**
 * The timers of the scheduled jobs (PGlite, or `JOB_QUEUE=timers`; decision 066): runs `job` every `ms` (0: never)
 * until the app closes; a failure is logged under `name`, never thrown. With `database`, a round runs in one process
 * at a time: a process whose turn finds the job running elsewhere skips it (the jobs claim their rows too, so a round
 * that does run twice changes nothing twice).
 */
export function every(
  app: FastifyInstance,
  ms: number,
  name: string,
  job: () => Promise<unknown>,
  database?: Pick<Database, 'tryExclusive'>,
): void {
  if (ms <= 0) return;
  const once = database ? () => database.tryExclusive(jobLockKey(name), job) : job;
  const round = () => inJobSpan(name, once);
  const timer = setInterval(() => {
    round().catch((error: unknown) => app.log.error({ err: error }, name));
  }, ms);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
