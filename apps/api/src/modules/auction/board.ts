// The auction's per-process view of its axes and the queue of bids per axe (decision 021).
import type { AxeRow } from './repo.ts';

/**
 * This process's last view of each axe of the running auction, and a queue per axe. A view is replaced only by a newer
 * one (more bids, or as many and changed later), so its highest bid is never above the stored one: the database moves
 * an axe's highest bid only upwards and counts every bid. Other processes' bids reach it when this process reads the
 * axe (the live view polls, a compare-and-set that lost reads again); it is never trusted for an axe's end.
 */
export function axeBoard() {
  let auctionId = '';
  const axes = new Map<number, AxeRow>();
  const queues = new Map<number, Promise<unknown>>();
  const reading = new Map<string, Promise<unknown>>();
  return {
    /**
     * The same read asked again while it runs shares its answer (the live view of hundreds of open pages polling
     * together): it reads as at the moment it started, and nothing is kept once it has answered.
     */
    together<T>(key: string, read: () => Promise<T>): Promise<T> {
      const running = reading.get(key);
      if (running) return running as Promise<T>;
      const started = read().finally(() => reading.delete(key));
      reading.set(key, started);
      return started;
    },
    get(forAuction: string, number: number): AxeRow | undefined {
      return forAuction === auctionId ? axes.get(number) : undefined;
    },
    remember(forAuction: string, row: AxeRow) {
      if (forAuction !== auctionId) {
        auctionId = forAuction;
        axes.clear();
      }
      const known = axes.get(row.number);
      if (
        !known ||
        row.bidCount > known.bidCount ||
        (row.bidCount === known.bidCount && row.updatedAt.getTime() >= known.updatedAt.getTime())
      )
        axes.set(row.number, row);
    },
    /** Runs `task` after every task queued before it for this axe (whether they succeeded or failed). */
    oneAtATime<T>(number: number, task: () => Promise<T>): Promise<T> {
      const run = (queues.get(number) ?? Promise.resolve()).then(task, task);
      const tail = run.then(
        () => undefined,
        () => undefined,
      );
      queues.set(number, tail);
      void tail.then(() => {
        if (queues.get(number) === tail) queues.delete(number);
      });
      return run;
    },
  };
}
