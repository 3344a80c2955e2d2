import { Axe } from '@varg/contracts';
import type { Database } from '@varg/db';
import { pubSub } from '../../lib/pubsub.ts';

/** The channel every process publishes an axe's new highest bid on (PostgreSQL NOTIFY or Redis PUBLISH). */
export const AXES_CHANNEL = 'auction_axes';

/** Changes gathered this long are sent in one message (at most 15 axes each: NOTIFY's payload is under 8,000 bytes). */
export const FEED_GATHER_MS = 100;
const PER_MESSAGE = 15;

export type AxeListener = (axe: Axe, serverTime: string) => void;

/**
 * The live feed of axes (decision 021): an accepted bid is published once, reaches every app process — through Redis
 * pub/sub when `REDIS_URL` is set, else through the database's LISTEN/NOTIFY (PostgreSQL; PGlite within its one
 * process) — and each process hands it to its open event streams (`GET axes/events`). The polls stay the source of
 * truth after a reconnect; the feed only makes a change arrive at once.
 */
export interface AxeFeed {
  publish(axe: Axe): void;
  subscribe(listener: AxeListener): () => void;
  close(): Promise<void>;
}

export async function axeFeed(options: {
  database: Database;
  redisUrl?: string | undefined;
  onError(error: unknown): void;
}): Promise<AxeFeed> {
  const listeners = new Set<AxeListener>();
  const deliver = (payload: string) => {
    let axes: Axe[];
    let serverTime: string;
    try {
      const message = JSON.parse(payload) as { axes: unknown; serverTime: unknown };
      axes = Axe.array().parse(message.axes);
      serverTime = typeof message.serverTime === 'string' ? message.serverTime : new Date().toISOString();
    } catch (error) {
      options.onError(error);
      return;
    }
    for (const axe of axes) for (const listener of listeners) listener(axe, serverTime);
  };
  const transport = await pubSub({ ...options, channel: AXES_CHANNEL, deliver });
  // A rush of bids sends one message per gathering, with the latest state of each axe that changed in it.
  const pending = new Map<number, Axe>();
  let timer: NodeJS.Timeout | null = null;
  const flush = () => {
    timer = null;
    const axes = [...pending.values()];
    pending.clear();
    const serverTime = new Date().toISOString();
    for (let i = 0; i < axes.length; i += PER_MESSAGE)
      transport.publish(JSON.stringify({ axes: axes.slice(i, i + PER_MESSAGE), serverTime })).catch(options.onError);
  };
  return {
    publish(axe) {
      // `yours` is per caller: the feed is the same for everybody.
      pending.set(axe.number, { ...axe, yours: false });
      timer ??= setTimeout(flush, FEED_GATHER_MS);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      if (timer) clearTimeout(timer);
      listeners.clear();
      await transport.stop();
    },
  };
}
