// The order list's address (decision 040): its filters, and the API query they make.
import { listParams } from '../list-params.ts';

export const ORDER_FILTERS = ['market', 'status', 'kind', 'dealer', 'from', 'to', 'view'] as const;
export const ORDER_STATUSES = ['pending_payment', 'partially_paid', 'paid', 'cancelled'] as const;
export const ORDER_KINDS = ['vehicle', 'store'] as const;

/** The API query of the list page's address; values the API would refuse are dropped, so the list still shows. */
export function orderListQuery(url: URL) {
  const p = listParams(url, ORDER_FILTERS);
  const day = (v: string | undefined) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);
  const sorts = ['createdAt', 'number', 'total', 'buyer', 'country'] as const;
  return {
    ...(p.q ? { q: p.q } : {}),
    ...(p.sort && (sorts as readonly string[]).includes(p.sort) ? { sort: p.sort as (typeof sorts)[number] } : {}),
    dir: p.dir,
    page: p.page,
    pageSize: p.pageSize,
    ...(p.market && /^[A-Za-z]{2}$/.test(p.market) ? { market: p.market.toUpperCase() } : {}),
    ...(p.status && (ORDER_STATUSES as readonly string[]).includes(p.status)
      ? { status: p.status as (typeof ORDER_STATUSES)[number] }
      : {}),
    ...(p.kind && (ORDER_KINDS as readonly string[]).includes(p.kind)
      ? { kind: p.kind as (typeof ORDER_KINDS)[number] }
      : {}),
    ...(p.dealer && /^[0-9a-f-]{36}$/i.test(p.dealer) ? { dealer: p.dealer } : {}),
    ...(day(p.from) ? { from: day(p.from) } : {}),
    ...(day(p.to) ? { to: day(p.to) } : {}),
    view: p.view === 'overdue' ? ('overdue' as const) : ('all' as const),
  };
}
