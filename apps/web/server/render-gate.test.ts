import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it, vi } from 'vitest';
import { renderGate } from './render-gate.ts';

/** Lets every pending microtask run (a promise chain of any reasonable length), without a turn of the event loop. */
async function drainMicrotasks() {
  for (let i = 0; i < 50; i++) await Promise.resolve();
}

describe('renderGate', () => {
  it('lets renders in first come, first served, never more than the limit at once', async () => {
    const gate = renderGate(2);
    const entered: number[] = [];
    const leaves: Array<() => void> = [];
    for (const n of [1, 2, 3, 4, 5]) {
      void gate.enter().then((leave) => {
        entered.push(n);
        leaves.push(leave);
      });
    }
    for (let i = 0; i < 5; i++) await nextTurn();
    expect(entered).toEqual([1, 2]);
    expect(gate.size).toEqual({ running: 2, waiting: 3 });

    leaves[1]?.();
    for (let i = 0; i < 5; i++) await nextTurn();
    expect(entered).toEqual([1, 2, 3]);
    leaves[0]?.();
    leaves[2]?.();
    for (let i = 0; i < 5; i++) await nextTurn();
    expect(entered).toEqual([1, 2, 3, 4, 5]);
    expect(gate.size).toEqual({ running: 2, waiting: 0 });
  });

  it('lets the next render in only after the event loop has turned, one per turn', async () => {
    const gate = renderGate(4);
    const entered: number[] = [];
    for (const n of [1, 2, 3]) void gate.enter().then(() => entered.push(n));
    // Not in the microtasks of the callback that asked: a render waiting there would hold the loop up.
    await drainMicrotasks();
    expect(entered).toEqual([]);
    await nextTurn();
    await drainMicrotasks();
    expect(entered).toEqual([1]);
    await nextTurn();
    await drainMicrotasks();
    expect(entered).toEqual([1, 2]);
    await nextTurn();
    await drainMicrotasks();
    expect(entered).toEqual([1, 2, 3]);
  });

  it('frees one place however often a render says it has left', async () => {
    const gate = renderGate(1);
    const first = await gate.enter();
    const entered: number[] = [];
    for (const n of [2, 3]) void gate.enter().then(() => entered.push(n));
    first();
    first();
    for (let i = 0; i < 5; i++) await nextTurn();
    expect(entered).toEqual([2]);
    expect(gate.size).toEqual({ running: 1, waiting: 1 });
  });

  it('takes the place back from a render that holds it longer than its lease, and lets the next one in', async () => {
    const gate = renderGate(1, 20);
    const slow = await gate.enter();
    let next = false;
    void gate.enter().then(() => {
      next = true;
    });
    await nextTurn();
    expect(next).toBe(false);
    // The slow render (waiting on a payment provider, say) never says it has left within its lease.
    await vi.waitFor(() => expect(next).toBe(true), { timeout: 2000, interval: 5 });
    expect(gate.size).toEqual({ running: 1, waiting: 0 });
    // Its late leave frees nothing twice.
    slow();
    expect(gate.size).toEqual({ running: 1, waiting: 0 });
  });

  it('with no limit lets every render in at once', async () => {
    const gate = renderGate(0);
    const leaves = await Promise.all([gate.enter(), gate.enter(), gate.enter()]);
    expect(leaves).toHaveLength(3);
    expect(gate.size).toEqual({ running: 0, waiting: 0 });
  });
});
