import type { Db } from '@varg/db';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { type Added, coalescer, type NewLine } from './add-line.ts';

// The coalescing of concurrent adds (decision 035, "Session 15") against a database that answers when told to: which
// adds go in which statement, with how many bikes, and what each add answers.

const dialect = new PgDialect();
const bike: NewLine = { kind: 'bike', productId: 'varg', hash: 'h1', optionIds: ['a', 'b'], quantity: 1 };
const who = { callerId: null, country: 'DE' };
const cart = { id: 'c1', status: 'open', updated_at: '2026-11-29T00:00:00Z' };

/** A database whose statements wait until `answer` is called; each statement's parameters are kept. */
function fakeDb() {
  const statements: Array<{ params: unknown[]; answer: (row: object | null) => void; fail: (e: Error) => void }> = [];
  const db = {
    execute: (query: SQL) =>
      new Promise((resolve, reject) => {
        statements.push({
          params: dialect.sqlToQuery(query).params,
          answer: (row) => resolve({ rows: row ? [row] : [] }),
          fail: reject,
        });
      }),
  } as unknown as Db;
  return { db, statements };
}
const row = (quantity: number, prior: number | null) => ({
  cart,
  line: { id: 'l1', cart_id: 'c1', product_id: 'varg', hash: 'h1', option_ids: ['a', 'b'], quantity },
  items: [{ id: 'l1', cartId: 'c1', quantity: prior ?? 0, createdAt: '2026-11-29T00:00:00Z' }],
  storeItems: [],
  prior,
});
const settle = () => new Promise((resolve) => setImmediate(resolve));
const quantityOf = (added: Added | null) => added?.line?.quantity;

describe('coalesced adds of one bike to one cart', () => {
  it('sends the adds that came during a statement as one statement, each answering its own quantity', async () => {
    const { db, statements } = fakeDb();
    const add = coalescer(db);
    const first = add({ cartId: 'c1' }, who, bike);
    const rest = Array.from({ length: 5 }, () => add({ cartId: 'c1' }, who, bike));
    await settle();
    expect(statements).toHaveLength(1);
    expect(statements[0]?.params).toContain(1);
    statements[0]?.answer(row(4, 3));
    expect(quantityOf(await first)).toBe(4);
    await settle();
    // The five that waited: one statement adding five bikes.
    expect(statements).toHaveLength(2);
    expect(statements[1]?.params).toContain(5);
    statements[1]?.answer(row(9, 4));
    expect((await Promise.all(rest)).map(quantityOf)).toEqual([5, 6, 7, 8, 9]);
    // Nothing in flight any more: the next add goes alone.
    const next = add({ cartId: 'c1' }, who, bike);
    await settle();
    expect(statements).toHaveLength(3);
    statements[2]?.answer(row(10, 9));
    expect(quantityOf(await next)).toBe(10);
  });

  it('caps each answer, keeps each its own lines, and counts a new line from zero', async () => {
    const { db, statements } = fakeDb();
    const add = coalescer(db);
    void add({ cartId: 'c1' }, who, bike);
    const capped = Array.from({ length: 4 }, () => add({ cartId: 'c1' }, who, bike));
    await settle();
    statements[0]?.answer(row(97, 96));
    await settle();
    statements[1]?.answer(row(99, 97));
    const answers = await Promise.all(capped);
    expect(answers.map(quantityOf)).toEqual([98, 99, 99, 99]);
    expect(new Set(answers.map((a) => a?.before.items)).size).toBe(4);

    const fresh = fakeDb();
    const addFresh = coalescer(fresh.db);
    void addFresh({ cartId: 'c2' }, who, bike);
    const two = [addFresh({ cartId: 'c2' }, who, bike), addFresh({ cartId: 'c2' }, who, bike)];
    await settle();
    fresh.statements[0]?.answer(row(1, null));
    await settle();
    // Inserted by the previous statement, then two more: no prior row seen → what was written less the two adds.
    fresh.statements[1]?.answer(row(3, null));
    expect((await Promise.all(two)).map(quantityOf)).toEqual([2, 3]);
  });

  it('keeps other carts, callers and configurations apart, and answers every add of a failed statement with its error', async () => {
    const { db, statements } = fakeDb();
    const add = coalescer(db);
    void add({ cartId: 'c1' }, who, bike);
    void add({ cartId: 'c2' }, who, bike);
    void add({ cartId: 'c1' }, { callerId: 'u1', country: 'DE' }, bike);
    void add({ cartId: 'c1' }, who, { ...bike, hash: 'h2' });
    void add({ cartId: 'c1' }, { callerId: null, country: 'FR' }, bike);
    await settle();
    expect(statements).toHaveLength(5);
    const waiting = [add({ cartId: 'c1' }, who, bike), add({ cartId: 'c1' }, who, bike)];
    statements[0]?.answer(row(2, 1));
    await settle();
    expect(statements).toHaveLength(6);
    statements[5]?.fail(new Error('lost'));
    for (const outcome of await Promise.allSettled(waiting)) expect(outcome.status).toBe('rejected');
    // A statement that writes nothing (the transaction path) answers null to each of its adds.
    const refused = [add({ cartId: 'c1' }, who, bike), add({ cartId: 'c1' }, who, bike)];
    await settle();
    statements[6]?.answer(null);
    await settle();
    statements[7]?.answer(null);
    expect(await Promise.all(refused)).toEqual([null, null]);
  });
});
