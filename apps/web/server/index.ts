import { flushCompileCache } from 'node:module';
import { isProductionEnv, productionRefusal } from '@varg/api';
import { checkStart, createServer } from './app.ts';
import { idleCompaction } from './idle-compaction.ts';
import { shutdownTelemetry } from './telemetry.ts';

// `npm run compile-cache` (run by the build and the image's build): every module of the start is loaded by now, so
// Node's compile cache holds them all (compile-cache.js); write it and stop before reading the environment.
if (process.env.COMPILE_CACHE_ONLY === '1') {
  flushCompileCache();
  process.exit(0);
}

// The process entry: read the environment once and, in production, check every setting production needs (decision
// 026); on any problem print them all in one message and exit 1. Then serve, and shut down gracefully.
const { env, database, problems } = await checkStart(process.env);
if (problems.length || !env) {
  console.error(
    isProductionEnv(process.env)
      ? productionRefusal(problems)
      : `Invalid environment configuration:\n${problems.map((p) => `  ${p}`).join('\n')}`,
  );
  await database?.close().catch(() => {});
  process.exit(1);
}

const server = await createServer({ env, ...(database ? { database } : {}) });
await server.app.listen({ host: env.HOST, port: env.PORT });
// What the start compiled goes to the compile cache now, not only at a graceful exit.
flushCompileCache();
// A quiet process gives back what a burst of requests made it hold (decision 075).
const compaction = idleCompaction(server.app.server, env.IDLE_COMPACTION_MS, {
  onCollected: ({ before, after, ms }) =>
    server.app.log.debug(
      { rssBeforeMb: Math.round(before / 1048576), rssAfterMb: Math.round(after / 1048576), ms: Math.round(ms) },
      'idle: memory compacted',
    ),
});

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    if (closing) return;
    closing = true;
    compaction.stop();
    server.app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await server.close();
      await database?.close();
      await shutdownTelemetry();
      process.exit(0);
    } catch (err) {
      server.app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  });
}
