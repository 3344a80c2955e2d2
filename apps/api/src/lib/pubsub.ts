import type { Database } from '@varg/db';
import { sql } from 'drizzle-orm';

/** A channel every app process publishes on and listens to. */
export interface PubSub {
  publish(payload: string): Promise<unknown>;
  stop(): Promise<void>;
}

/**
 * One channel between every app process (decisions 021, 041): Redis pub/sub when `redisUrl` is set, else the
 * database's LISTEN/NOTIFY (PostgreSQL; PGlite within its one process). A message reaches every process, the
 * publishing one included. NOTIFY's payload must stay under 8,000 bytes.
 */
export async function pubSub(options: {
  channel: string;
  database: Database;
  redisUrl?: string | undefined;
  deliver(payload: string): void;
  onError(error: unknown): void;
}): Promise<PubSub> {
  const { channel, database, deliver } = options;
  if (options.redisUrl) return redisPubSub(options.redisUrl, channel, deliver, options.onError);
  return {
    publish: (payload) => database.db.execute(sql`select pg_notify(${channel}, ${payload})`),
    stop: await database.listen(channel, deliver),
  };
}

async function redisPubSub(
  url: string,
  channel: string,
  deliver: (payload: string) => void,
  onError: (error: unknown) => void,
): Promise<PubSub> {
  const { Redis } = await import('ioredis');
  const publisher = new Redis(url, { connectTimeout: 500, maxRetriesPerRequest: 1 });
  const subscriber = new Redis(url, { connectTimeout: 500 });
  publisher.on('error', onError);
  subscriber.on('error', onError);
  subscriber.on('message', (from: string, payload: string) => {
    if (from === channel) deliver(payload);
  });
  await subscriber.subscribe(channel);
  return {
    publish: (payload: string) => publisher.publish(channel, payload),
    async stop() {
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
