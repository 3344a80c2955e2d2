import { ConfigError, readEnv } from '@varg/api';
import { createServer } from './app.ts';

// The process entry: read the environment once, fail fast with a clear message, serve, shut down gracefully.
let env: ReturnType<typeof readEnv>;
try {
  env = readEnv();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

const server = await createServer({ env });
await server.app.listen({ host: env.HOST, port: env.PORT });

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    if (closing) return;
    closing = true;
    server.app.log.info({ signal }, 'shutting down: finishing requests in flight');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await server.close();
      process.exit(0);
    } catch (err) {
      server.app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  });
}
