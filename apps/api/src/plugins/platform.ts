import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Database } from '@varg/db';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ApiConfig } from '../config.ts';
import type { AuditService } from '../modules/audit/service.ts';
import type { Guards } from '../modules/identity/auth.ts';
import type { CaptchaProvider } from '../providers/captcha/interface.ts';
import type { EmailProvider } from '../providers/email/interface.ts';
import type { StorageProvider } from '../providers/storage/interface.ts';
import type { ScheduledJobs } from './jobs.ts';
import { inJobSpan } from './tracing.ts';

/** The API instance the module plugins register on (zod schemas). */
export type Api = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/**
 * What every module plugin may use (decision 033): the configuration, the database handle for its own repo, the
 * guards, the outgoing e-mail, the audit log, the signing key of its links, the captcha and the file storage.
 * Anything else a module needs from another comes through that module's small exported interface.
 */
export interface Platform {
  config: ApiConfig;
  database: Database;
  guards: Guards;
  mailer: EmailProvider;
  audit: AuditService;
  signingKey: Uint8Array;
  captcha: CaptchaProvider;
  storage: StorageProvider;
  /** The scheduled jobs (decision 066): on PostgreSQL through the pg-boss queue, on PGlite on timers. */
  jobs: ScheduledJobs;
  /** `/v1/dev/*` is mounted (the demo with DEV_MAILBOX on, decision 026). */
  devRoutes: boolean;
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
