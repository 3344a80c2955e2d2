/**
 * Page renders let in one per turn of the event loop, at most `limit` at a time, the others waiting in arrival order
 * (decision 074).
 *
 * React 19 renders a page in a microtask (`renderToPipeableStream` queues its work with `queueMicrotask`), and a page
 * whose data is at hand (the API client's cached answers) never waits for real I/O: its whole render runs inside the
 * microtask checkpoint of the callback that read the request. Under load the renders of every request read in one
 * turn of the event loop ran back to back, and nothing else happened meanwhile: the loop turned every 100–240 ms, and
 * as libuv accepts one new connection per turn, a new visitor's connection waited seconds to be accepted
 * (bench/README.md, "Session 18"). Here a render starts from `setImmediate`, one per turn, so the loop polls between
 * renders (new connections, API calls, static files), and the renders are served first come, first served. Renders
 * that wait for the database overlap, up to `limit`.
 */
export interface RenderGate {
  /**
   * Resolves when the caller may render; call the returned function once the page is rendered (or failed). The place
   * is given up by itself after `leaseMs` (the render goes on without it).
   */
  enter(): Promise<() => void>;
  /** Renders running and waiting now. */
  readonly size: { running: number; waiting: number };
}

/**
 * How long a render keeps its place at most. A page whose loader or action waits on something slow (a payment
 * provider, an SMTP server, a lock) gives its place up after this and finishes without one, so a few slow requests
 * cannot hold every other page up; renders of this shop hold their place ~5–50 ms.
 */
export const RENDER_LEASE_MS = 200;

export function renderGate(limit: number, leaseMs = RENDER_LEASE_MS): RenderGate {
  let running = 0;
  let scheduled = false;
  const waiting: Array<(leave: () => void) => void> = [];
  function schedule() {
    if (scheduled || waiting.length === 0 || running >= limit) return;
    scheduled = true;
    setImmediate(letOneIn);
  }
  function letOneIn() {
    scheduled = false;
    const next = waiting.shift();
    if (!next) return;
    running++;
    let left = false;
    const leave = () => {
      if (left) return;
      left = true;
      clearTimeout(lease);
      running--;
      schedule();
    };
    const lease = setTimeout(leave, leaseMs);
    lease.unref();
    next(leave);
    // The next one in the next turn, after the loop has polled.
    schedule();
  }
  return {
    enter() {
      if (limit <= 0) return Promise.resolve(() => {});
      const turn = new Promise<() => void>((resolve) => waiting.push(resolve));
      schedule();
      return turn;
    },
    get size() {
      return { running, waiting: waiting.length };
    },
  };
}
