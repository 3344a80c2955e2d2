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
