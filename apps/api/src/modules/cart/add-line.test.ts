import { cartItems, carts, type Db } from '@varg/db';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bikeCart, cartApi, ctx } from '../../../test/cart-fixture.ts';
import { type Added, coalescer, type NewLine } from './add-line.ts';

// The coalescing of concurrent adds (decision 035, "Session 15") on the test's real database: while one add's
// statement waits for the cart's lock, the adds after it wait in this process and go together in one statement, each
// answering its own quantity. The database is the real one; only its statements are counted on the way.

cartApi();

/** The test database, with each statement it is sent counted. */
function counted(db: Db) {
  const sent: string[] = [];
  const proxy = new Proxy(db, {
    get(target, property) {
      if (property === 'execute')
        return (query: Parameters<Db['execute']>[0]) => {
          sent.push('statement');
          return target.execute(query);
        };
      const value = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { db: proxy, sent };
}

const settle = async () => {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
};
const quantityOf = (added: Added | null) => added?.line?.quantity;

/** A cart with one configured bike (quantity 1), and that line as `addLine` is given it. */
async function cartWithBike(option: string) {
  const cart = await bikeCart([option]);
  const [row] = await ctx.database.db.select().from(cartItems).where(eq(cartItems.cartId, cart._id));
  if (!row) throw new Error('no line');
  const line: NewLine = {
    kind: 'bike',
    productId: row.productId,
    hash: row.hash,
    optionIds: row.optionIds,
    quantity: 1,
  };
  return { cartId: cart._id, line };
}

describe('coalesced adds of one bike to one cart', () => {
  it('sends the adds that came while the cart was locked as one statement, each answering its own quantity', async () => {
    const { cartId, line } = await cartWithBike('varg_option_grey');
    const { db, sent } = counted(ctx.database.db);
    const add = coalescer(db);
    const who = { callerId: null, country: 'DE' };
    let adds: Array<Promise<Added | null>> = [];
    // Another writer holds the cart's lock: the first add's statement waits for it in the database, the others here.
    await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`select id from ${carts} where id = ${cartId} for update`);
      adds = Array.from({ length: 6 }, () => add({ cartId }, who, line));
      await settle();
      expect(sent).toHaveLength(1);
    });
    expect((await Promise.all(adds)).map(quantityOf)).toEqual([2, 3, 4, 5, 6, 7]);
    // One statement for the first add, one for the five that waited.
    expect(sent).toHaveLength(2);
    const [after] = await ctx.database.db.select().from(cartItems).where(eq(cartItems.cartId, cartId));
    expect(after?.quantity).toBe(7);
  });

  it('keeps other carts and other configurations in statements of their own', async () => {
    const first = await cartWithBike('varg_option_white');
    const second = await cartWithBike('varg_option_white');
    const { db, sent } = counted(ctx.database.db);
    const add = coalescer(db);
    const who = { callerId: null, country: 'DE' };
    const other: NewLine = { ...first.line, hash: second.line.hash === first.line.hash ? 'another' : second.line.hash };
    const answers = await Promise.all([
      add({ cartId: first.cartId }, who, first.line),
      add({ cartId: second.cartId }, who, second.line),
      add({ cartId: first.cartId }, { callerId: null, country: 'FR' }, first.line),
      add({ cartId: first.cartId }, who, other),
    ]);
    expect(sent).toHaveLength(4);
    expect(answers.slice(0, 2).map(quantityOf)).toEqual([2, 2]);
    // A cart in Germany takes no add for France here: the statement writes nothing and the caller takes the
    // transaction path (which answers why).
    expect(answers[2]).toBeNull();
  });
});
