import type { Database } from '@varg/db';
import { pubSub } from '../../lib/pubsub.ts';

/** The channel on which a process says the catalogue changed (PostgreSQL NOTIFY or Redis PUBLISH). */
export const CATALOG_CHANNEL = 'catalog_changed';

/**
 * Catalogue changes reach every process at once (decision 041): the process that commits a change drops its own
 * caches before it answers, then publishes; every process (itself included) drops its caches when the message
 * arrives — the catalogue's read cache and the web's page cache subscribe here.
 */
export interface CatalogChanges {
  /** Call after a catalogue change committed: this process's listeners run now, the others' on the message. */
  changed(what: string): Promise<void>;
  subscribe(listener: (what: string) => void): () => void;
  close(): Promise<void>;
}

export async function catalogChanges(options: {
  database: Database;
  redisUrl?: string | undefined;
  onError(error: unknown): void;
}): Promise<CatalogChanges> {
  const listeners = new Set<(what: string) => void>();
  const notify = (what: string) => {
    for (const listener of listeners) {
      try {
        listener(what);
      } catch (error) {
        options.onError(error);
      }
    }
  };
  const transport = await pubSub({
    ...options,
    channel: CATALOG_CHANNEL,
    deliver: (what) => notify(what.slice(0, 200)),
  });
  return {
    async changed(what) {
      notify(what);
      await transport.publish(what.slice(0, 200)).catch(options.onError);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      listeners.clear();
      await transport.stop();
    },
  };
}
