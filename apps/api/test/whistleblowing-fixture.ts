import { whistleCases, whistleMessages } from '@varg/db';
import { apiCalls, type Json, useApi } from './helper.ts';

// The whistleblowing tests' shared setup (apps/api/src/modules/whistleblowing/whistleblowing{,-compliance}.test.ts):
// the API on a fresh database with its calls, a report, a new case and the stored rows.

/** The API of the current test file (built before its tests, closed after them). */
export let ctx: ReturnType<typeof useApi>;
/** Its calls (one address counter for the file). */
export let calls: ReturnType<typeof apiCalls>;

/** Builds the API for the current test file (call once, at the top of the file); the helpers here call it. */
export function whistleblowingApi() {
  ctx = useApi();
  calls = apiCalls(ctx, 40);
  return ctx;
}

export const DESCRIPTION =
  'The warehouse manager in Barcelona sells returned batteries as new, with relabelled serials.';
export const report = (extra: Json = {}) => ({
  category: 'fraud',
  description: DESCRIPTION,
  when: 'Since March 2026',
  where: 'Barcelona warehouse',
  people: 'J. Doe, warehouse manager',
  ...extra,
});

export async function newCase(extra: Json = {}) {
  return (await calls.ok(await calls.call('POST', '/v2/whistleblowing/reports', null, report(extra)), 201)) as {
    code: string;
    secret: string;
    receivedAt: string;
    acknowledgementDue: string;
  };
}

export const rawRows = async () =>
  JSON.stringify([
    ...(await ctx.database.db.select().from(whistleCases)),
    ...(await ctx.database.db.select().from(whistleMessages)),
  ]);
export const caseCount = async () => (await ctx.database.db.select().from(whistleCases)).length;
