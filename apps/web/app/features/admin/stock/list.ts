import type { Answer, CallArgs } from '../../../lib/api-call.ts';
import type { ListParams } from '../list-params.ts';

export const STOCK_FILTERS = ['country', 'dealerId', 'status'] as const;
export type StockBikeRow = Answer<'getAdminStockBikes'>['docs'][number];
type StockQuery = NonNullable<CallArgs<'getAdminStockBikes'>['query']>;

const STATUSES = ['available', 'reserved', 'sold', 'retired'] as const;
const SORTS = ['vin', 'productId', 'country', 'status', 'updatedAt'] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const pick = <T extends string>(list: readonly T[], value: string | undefined) => list.find((item) => item === value);

/**
 * The address's list parameters as the API's query. A hand-edited value the API would refuse (an unknown status or
 * sort, a malformed market or dealer) is left out, so the page shows the list instead of an error.
 */
export function stockListQuery(
  params: ListParams & Partial<Record<(typeof STOCK_FILTERS)[number], string>>,
): StockQuery {
  const dealer = params.dealerId === 'hq' || UUID.test(params.dealerId ?? '') ? params.dealerId : undefined;
  return {
    ...(params.q ? { q: params.q } : {}),
    ...(pick(SORTS, params.sort) ? { sort: pick(SORTS, params.sort) } : {}),
    dir: params.dir,
    page: params.page,
    pageSize: params.pageSize,
    ...(/^[A-Za-z]{2}$/.test(params.country ?? '') ? { country: params.country } : {}),
    ...(dealer ? { dealerId: dealer } : {}),
    ...(pick(STATUSES, params.status) ? { status: pick(STATUSES, params.status) } : {}),
  } as StockQuery;
}
