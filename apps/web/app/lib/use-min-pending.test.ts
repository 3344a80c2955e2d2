// The minimum pending time (spec section 4, FETCH_MIN_PENDING_MS): a quick answer keeps the indicator to 200 ms, a slow
// one hides it at once, and a second start while it is held does not restart the clock.
import { FETCH_MIN_PENDING_MS } from '@varg/domain';
import { describe, expect, it } from 'vitest';
import { MinPending } from './use-min-pending.ts';

describe('MinPending', () => {
  it('keeps an indicator shown for 200 ms when the work ends sooner', () => {
    const clock = new MinPending();
    expect(FETCH_MIN_PENDING_MS).toBe(200);
    clock.start(1_000);
    expect(clock.stop(1_050)).toBe(150);
    clock.hide();
    // Hidden: a stop without a start waits for nothing.
    expect(clock.stop(1_300)).toBe(0);
  });

  it('hides at once when the work took longer than the minimum', () => {
    const clock = new MinPending();
    clock.start(0);
    expect(clock.stop(450)).toBe(0);
    // The next start counts from itself.
    clock.start(1_000);
    expect(clock.stop(1_010)).toBe(190);
  });

  it('counts from the first start while the indicator is shown', () => {
    const clock = new MinPending(200);
    clock.start(0);
    expect(clock.stop(100)).toBe(100);
    clock.start(150);
    expect(clock.stop(180)).toBe(20);
    expect(clock.stop(260)).toBe(0);
  });
});
