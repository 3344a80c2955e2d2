import { auctionAxes } from '@varg/db';
import { eq } from 'drizzle-orm';
import { apiCalls, newCustomer, useApi } from './helper.ts';

// The auction tests' shared setup (apps/api/src/modules/auction/auction{,-processes,-winners}.test.ts): the API on a
// fresh database with its calls, the demo accounts, bids, new bidders and the clock played through the database.

/** The API of the current test file (built before its tests, closed after them). */
export let ctx: ReturnType<typeof useApi>;
/** Its calls (one address counter for the file). */
export let calls: ReturnType<typeof apiCalls>;

/** Builds the API for the current test file (call once, at the top of the file); the helpers here call it. */
export function auctionApi() {
  ctx = useApi();
  calls = apiCalls(ctx);
  return ctx;
}

export const CUSTOMER = 'customer@demo.starkfuture.com'; // German
export const COMPANY = 'company@demo.starkfuture.com'; // French
export const ADMIN = 'admin@demo.starkfuture.com';

/** Moves an axe's end (the tests play the clock through the database). */
export async function setEnd(number: number, endsAt: Date) {
  await ctx.database.db.update(auctionAxes).set({ endsAt }).where(eq(auctionAxes.number, number));
}
export const bid = (token: string | null, number: number | string, amount: unknown) =>
  calls.call('POST', `/v1/axes/bid/${number}`, token, { amount });

let people = 0;
export async function bidder(): Promise<string> {
  const { token } = await newCustomer(ctx.app, `bidder-${Date.now()}-${++people}@example.com`);
  return token;
}
