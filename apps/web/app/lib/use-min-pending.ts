// A pending indicator that does not flicker (spec section 4: "checkout and fetch loading use a pending flag with a
// minimum 200 ms delay"): once shown, it stays at least FETCH_MIN_PENDING_MS, even when the work ends sooner.
import { FETCH_MIN_PENDING_MS } from '@varg/domain';
import { useEffect, useRef, useState } from 'react';

/** The indicator's clock, apart from React: when it was shown, and how long it must still stay once the work is done. */
export class MinPending {
  private shownAt: number | null = null;
  private readonly min: number;
  constructor(min = FETCH_MIN_PENDING_MS) {
    this.min = min;
  }

  /** The work started (again): the indicator shows from the first start until it may hide. */
  start(now: number): void {
    if (this.shownAt === null) this.shownAt = now;
  }

  /** The work is done: the milliseconds the indicator must still stay (0: hide it now, and it is hidden). */
  stop(now: number): number {
    if (this.shownAt === null) return 0;
    const wait = Math.max(0, this.shownAt + this.min - now);
    if (wait === 0) this.shownAt = null;
    return wait;
  }

  /** The wait after `stop` is over. */
  hide(): void {
    this.shownAt = null;
  }
}

/** `pending` as shown: true as soon as it is, and for at least `min` ms once it was (fetcher states, submits). */
export function useMinPending(pending: boolean, min = FETCH_MIN_PENDING_MS): boolean {
  const clock = useRef<MinPending | null>(null);
  clock.current ??= new MinPending(min);
  const [holding, setHolding] = useState(false);
  useEffect(() => {
    const timer = clock.current as MinPending;
    if (pending) {
      timer.start(Date.now());
      setHolding(true);
      return;
    }
    const wait = timer.stop(Date.now());
    if (wait === 0) {
      setHolding(false);
      return;
    }
    const id = window.setTimeout(() => {
      timer.hide();
      setHolding(false);
    }, wait);
    return () => window.clearTimeout(id);
  }, [pending]);
  return pending || holding;
}
