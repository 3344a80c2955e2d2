import type { AddressInfo } from 'node:net';
import { buildApi } from '@varg/api';
import { migrate, openDatabase } from '@varg/db';
import { testConfig } from '../../api/test/config.ts';
import { shutdownTelemetry } from './telemetry.ts';

// A child process of telemetry.test.ts: the API started the way the entry starts it (telemetry preloaded with
// `node --import ./telemetry.ts`), on PGlite or on PROBE_DATABASE_URL (and Redis at PROBE_REDIS_URL), with the e-mail job every 100 ms. It prints
// its port, and on SIGTERM shuts down as the entry does, sending the spans still buffered.

const url = process.env.PROBE_DATABASE_URL;
const database = await openDatabase(url ? { url, poolSize: 2 } : { dataDir: 'memory://' });
await migrate(database);
const redisUrl = process.env.PROBE_REDIS_URL;
// Timers even on PostgreSQL: the queue's cron (decision 066) runs a job at most once a minute.
const config = {
  ...testConfig,
  emailRetryIntervalMs: 100,
  jobQueue: 'timers' as const,
  ...(redisUrl ? { redisUrl } : {}),
};
const app = await buildApi({ config, database, logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`${JSON.stringify({ port: (app.server.address() as AddressInfo).port })}\n`);
process.once('SIGTERM', async () => {
  await app.close();
  await database.close();
  await shutdownTelemetry();
  process.exit(0);
});
