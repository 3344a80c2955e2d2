import type { CallArgs } from '../../../lib/api-call.ts';
import type { ListParams } from '../list-params.ts';

// The people lists' filters as the address names them, and the API queries they become (decision 044).

export const ACCOUNT_FILTERS = ['country', 'confirmed', 'disabled'] as const;
export const DEALER_FILTERS = ['status', 'country', 'group'] as const;

type AccountQuery = NonNullable<CallArgs<'getAdminCustomers'>['query']>;
type DealerQuery = NonNullable<CallArgs<'getAdminDealers'>['query']>;

/** The accounts list's query: values the API would refuse (a hand-edited address) are left out, not sent. */
export function accountQuery(params: ListParams & Partial<Record<(typeof ACCOUNT_FILTERS)[number], string>>) {
  const yesNo = (v: string | undefined) => (v === 'yes' || v === 'no' ? v : undefined);
  const sort = ['email', 'name', 'country', 'createdAt'].includes(params.sort ?? '') ? params.sort : undefined;
  return {
    ...params,
    sort,
    country: /^[A-Za-z]{2}$/.test(params.country ?? '') ? params.country : undefined,
    confirmed: yesNo(params.confirmed),
    disabled: yesNo(params.disabled),
  } as AccountQuery;
}

export const DEALER_STATUSES = ['pending', 'approved', 'suspended', 'rejected'] as const;

export function dealerQuery(params: ListParams & Partial<Record<(typeof DEALER_FILTERS)[number], string>>) {
  const sort = ['storeName', 'email', 'group', 'status', 'createdAt'].includes(params.sort ?? '')
    ? params.sort
    : undefined;
  return {
    ...params,
    sort,
    status: (DEALER_STATUSES as readonly string[]).includes(params.status ?? '') ? params.status : undefined,
    country: /^[A-Za-z]{2}$/.test(params.country ?? '') ? params.country : undefined,
  } as DealerQuery;
}
