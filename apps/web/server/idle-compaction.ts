import type { Server as HttpServer, IncomingMessage, ServerResponse } from 'node:http';
import type { Http2SecureServer, Http2Server } from 'node:http2';
import type { Server as HttpsServer } from 'node:https';
import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * Memory given back once the process goes quiet (decision 075).
 *
 * Under load V8 grows the young generation to its limit (`--max-semi-space-size=16`: two 16 MB halves; 8 when this was measured) and the old one
 * past what stays alive; neither shrinks while the process is idle, because V8's own memory reducer starts only after
 * a full collection, which a process serving cached pages may never need. Measured after the bench's warm-up: RSS 198
 * MB, of which the young generation 15.3 MB committed and 1.3 MB used; one memory-reducing collection brought it to
 * 164 MB in ~200 ms. So when no request has started or finished for `idleMs`, and the resident memory grew by
 * `growthBytes` since the last time (or since the start), the process runs that collection once. A steady trickle of
 * requests seldom grows the memory that much, so it seldom pays the pause; a burst pays it once, after it is over.
 */
export interface IdleCompaction {
  /** Collections run so far. */
  readonly count: number;
  /** Collects now if the process is quiet and has grown enough (what the timer does every `idleMs / 4`). */
  check(): void;
  stop(): void;
}

type AnyServer = HttpServer | HttpsServer | Http2Server | Http2SecureServer;

export interface IdleCompactionOptions {
  /** Resident memory growth since the last collection that makes one worth its pause. */
  growthBytes?: number;
  /** The collection (tests count calls); by default V8's last-resort full collection, which compacts and shrinks. */
  collect?: () => void;
  /** The resident set size in bytes. */
  rss?: () => number;
  /** The clock (ms). */
  now?: () => number;
  /** Called after each collection with the RSS before and after and the pause (for the log). */
  onCollected?: (info: { before: number; after: number; ms: number }) => void;
}

export const IDLE_COMPACTION_GROWTH_BYTES = 16 * 1024 * 1024;

/** V8's full collection that reduces the memory footprint: compacts the old generation and shrinks the young one. */
function memoryReducingCollection(): () => void {
  // The `gc` function exists only in contexts made while the flag is on; this one context is made for it, and the flag
  // goes off again, so no other context (the app's, a library's `vm` one) sees it.
  const wasExposed = typeof (globalThis as { gc?: unknown }).gc === 'function';
  if (!wasExposed) v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;
  if (!wasExposed) v8.setFlagsFromString('--no-expose-gc');
  return () => gc({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}

/** Watches `server`'s requests; `idleMs` 0 turns it off. */
export function idleCompaction(server: AnyServer, idleMs: number, options: IdleCompactionOptions = {}): IdleCompaction {
  const state = { count: 0 };
  if (idleMs <= 0)
    return {
      get count() {
        return state.count;
      },
      check() {},
      stop() {},
    };
  const growth = options.growthBytes ?? IDLE_COMPACTION_GROWTH_BYTES;
  const rss = options.rss ?? (() => process.memoryUsage.rss());
  const collect = options.collect ?? memoryReducingCollection();
  const now = options.now ?? Date.now;
  let lastActivity = now();
  // The start's own garbage (module loading, the first renders) counts as growth: the first quiet moment collects it.
  let floor = 0;
  const touch = () => {
    lastActivity = now();
  };
  // A request marks activity when it starts and when its answer is sent. A stream held open (the auction's live
  // updates) marks nothing while it lasts, so it does not keep the process from ever going quiet.
  const onRequest = (_req: IncomingMessage, res: ServerResponse) => {
    touch();
    res.once('finish', touch);
  };
  server.on('request', onRequest as (...args: unknown[]) => void);
  function check() {
    if (now() - lastActivity < idleMs) return;
    const before = rss();
    if (before - floor < growth) return;
    const start = performance.now();
    collect();
    const ms = performance.now() - start;
    floor = rss();
    state.count++;
    options.onCollected?.({ before, after: floor, ms });
  }
  const timer = setInterval(check, Math.max(20, Math.floor(idleMs / 4)));
  timer.unref();
  return {
    get count() {
      return state.count;
    },
    check,
    stop() {
      clearInterval(timer);
      server.off('request', onRequest as (...args: unknown[]) => void);
    },
  };
}
