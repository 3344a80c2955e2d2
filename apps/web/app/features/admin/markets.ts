import type { Answer, CallArgs } from '../../lib/api-call.ts';
import type { ListParams } from './list-params.ts';

export type MarketRow = Answer<'getAdminMarkets'>['docs'][number];
type MarketQuery = NonNullable<CallArgs<'getAdminMarkets'>['query']>;
const SORTS = ['code', 'name', 'currency', 'status'] as const;

/** The address's list parameters as the API's query; a hand-edited value the API would refuse is left out. */
export function marketListQuery(params: ListParams & { status?: string }): MarketQuery {
  const sort = SORTS.find((s) => s === params.sort);
  const status = params.status === 'active' || params.status === 'paused' ? params.status : undefined;
  return {
    ...(params.q ? { q: params.q } : {}),
    ...(sort ? { sort } : {}),
    dir: params.dir,
    page: params.page,
    pageSize: params.pageSize,
    ...(status ? { status } : {}),
  };
}

/** Basis points as a percentage for a form or a table (1900 → "19", 770 → "7.7"). */
export const ratePercent = (bp: number) => String(bp / 100);

/** A percentage typed in a form ("19", "7,7") as basis points, or null when it is not a number. */
export function basisPoints(typed: string): number | null {
  const value = Number(typed.trim().replace(',', '.'));
  return typed.trim() !== '' && Number.isFinite(value) ? Math.round(value * 100) : null;
}
