import type { LedgerPage } from '@varg/contracts';
import { data, type RouterContextProvider } from 'react-router';
import { isApiRequestError } from '../../lib/api.ts';
import { authContext, userApi } from '../../lib/auth.server.ts';

// What the invoices pages and the CSV download share (decision 024): the ledger's filters from the URL, and whose
// ledger it is (the signed-in dealer's, or `?dealer=` for a lead dealer reading a member of its group).

export const LEDGER_FILTERS = ['from', 'to', 'status', 'kind'] as const;

/** The filters of the URL, as the API takes them (it checks them; a bad one is its 400). */
export function ledgerQuery(url: URL, extra: Record<string, string> = {}): URLSearchParams {
  const query = new URLSearchParams(extra);
  for (const name of LEDGER_FILTERS) {
    const value = url.searchParams.get(name)?.trim().slice(0, 32);
    if (value) query.set(name, value);
  }
  return query;
}

/** The filters as the form shows them. */
export function ledgerFilterValues(url: URL): Record<(typeof LEDGER_FILTERS)[number], string> {
  return {
    from: url.searchParams.get('from')?.slice(0, 32) ?? '',
    to: url.searchParams.get('to')?.slice(0, 32) ?? '',
    status: url.searchParams.get('status')?.slice(0, 32) ?? '',
    kind: url.searchParams.get('kind')?.slice(0, 32) ?? '',
  };
}

/** Whose ledger: `?dealer=` when given (the API decides whether the caller may read it), else the caller's own. */
export function ledgerDealerId(context: Readonly<RouterContextProvider>, url: URL): string {
  const asked = url.searchParams.get('dealer')?.trim().slice(0, 64);
  return asked || context.get(authContext).user?.dealer?.id || '';
}

/** An API refusal as the page's answer: 404 and 403 become the error page; a 400 is shown beside the filters. */
export function ledgerFailure(error: unknown): { message: string; status: number } {
  if (!isApiRequestError(error) || error.status >= 500) throw error;
  if (error.status === 404 || error.status === 403) throw data({ message: error.message }, { status: error.status });
  return { message: error.message, status: error.status };
}

/** Every entry of the filtered ledger, page by page (100 at a time), for the CSV download. */
export async function wholeLedger(
  context: Readonly<RouterContextProvider>,
  request: Request,
  dealerId: string,
  url: URL,
): Promise<LedgerPage> {
  const api = userApi(context, request);
  const get = (page: number) =>
    api.call('getDealerLedgerInvoiceDealerByDealerId', {
      path: { dealerId },
      query: Object.fromEntries(ledgerQuery(url, { page: String(page), limit: '100' })),
    });
  const first = await get(1);
  const docs = [...first.docs];
  for (let page = 2; page <= Math.min(first.totalPages, 100); page += 1) docs.push(...(await get(page)).docs);
  return { ...first, docs };
}
