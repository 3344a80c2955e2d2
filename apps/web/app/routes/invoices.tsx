import type { LedgerBalances } from '@varg/contracts';
import { LEDGER_KINDS, LEDGER_STATUSES } from '@varg/domain';
import { data, Form, Link, useLoaderData } from 'react-router';
import { BalanceCards } from '../features/invoices/balances.tsx';
import { ledgerDealerId, ledgerFailure, ledgerFilterValues, ledgerQuery } from '../features/invoices/ledger.server.ts';
import { Select, StatusBadge } from '../features/invoices/ledger-controls.tsx';
import { Pagination, pageParam } from '../features/store/pagination.tsx';
import { authContext, userApi } from '../lib/auth.server.ts';
import { useFormat } from '../lib/format.ts';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocalePath } from '../lib/use-locale.ts';
import { buttonClass } from '../ui/button.ts';
import { Field, FormMessage } from '../ui/field.tsx';
import type { Route } from './+types/invoices';

// A dealer's invoices and balances (spec section 2 "/invoices"; decision 024): balances per currency, the ledger with
// filters (period, status, type) and pages in the URL, a PDF per entry and the filtered list as CSV. A lead dealer
// opens a member of its group with `?dealer=`, read-only.

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'invoices_title');

export const loader = guarded(['dealer'], async ({ context, request }: Route.LoaderArgs) => {
  const url = new URL(request.url);
  const dealerId = ledgerDealerId(context, url);
  const filters = ledgerFilterValues(url);
  const api = userApi(context, request);
  const own = context.get(authContext).user?.dealer?.id === dealerId;
  const isLead = !!context.get(authContext).user?.isLeadDealer;
  let balances: LedgerBalances;
  try {
    balances = await api.call('getDealerLedgerInvoiceBalancesDealerByDealerId', { path: { dealerId } });
  } catch (error) {
    const failure = ledgerFailure(error);
    throw data({ message: failure.message }, { status: failure.status });
  }
  const query = Object.fromEntries(ledgerQuery(url, { page: String(pageParam(url)), limit: '20' }));
  try {
    const page = await api.call('getDealerLedgerInvoiceDealerByDealerId', { path: { dealerId }, query });
    return { balances, page, filters, own, isLead, error: null };
  } catch (error) {
    // A bad filter: the form shows why, with the filters as typed.
    const failure = ledgerFailure(error);
    return data({ balances, page: null, filters, own, isLead, error: failure.message }, { status: failure.status });
  }
});

export default function Invoices() {
  const { t } = useTranslation();
  const { balances, page, filters, own, isLead, error } = useLoaderData<typeof loader>();
  const { money, date } = useFormat();
  const localePath = useLocalePath();
  const dealer = balances.dealer;
  const csvQuery = new URLSearchParams(
    Object.entries({ ...filters, ...(own ? {} : { dealer: dealer._id }) }).filter(([, v]) => v),
  ).toString();
  return (
    <div className="flex max-w-5xl flex-col gap-8">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('invoices_title')}</h1>
        <p className="text-neutral-700">{t('invoices_intro')}</p>
        {!own && <FormMessage tone="info">{t('invoices_read_only', { store: dealer.storeName })}</FormMessage>}
        {!own && isLead && (
          <Link to={localePath('/invoices/group')} className="text-sm underline underline-offset-4">
            {t('invoices_back_group')}
          </Link>
        )}
      </header>

      <section aria-labelledby="balances-heading" className="flex flex-col gap-4">
        <h2 id="balances-heading" className="text-xl font-semibold">
          {t('invoices_balances')}
        </h2>
        <BalanceCards balances={balances.balances} />
      </section>

      <section aria-labelledby="entries-heading" className="flex flex-col gap-4">
        <h2 id="entries-heading" className="text-xl font-semibold">
          {t('invoices_table')}
        </h2>
        <Form method="get" className="flex flex-wrap items-end gap-3" aria-label={t('invoices_filter')}>
          {!own && <input type="hidden" name="dealer" value={dealer._id} />}
          <Field label={t('invoices_from')} name="from" type="date" defaultValue={filters.from} className="w-40" />
          <Field label={t('invoices_to')} name="to" type="date" defaultValue={filters.to} className="w-40" />
          <Select
            id="invoices-kind"
            label={t('invoices_kind')}
            name="kind"
            value={filters.kind}
            options={LEDGER_KINDS.map((k) => [k, t(`ledger_kind_${k}`)])}
          />
          <Select
            id="invoices-status"
            label={t('ledger_status')}
            name="status"
            value={filters.status}
            options={LEDGER_STATUSES.map((s) => [s, t(`ledger_status_${s}`)])}
          />
          <button type="submit" className={buttonClass.secondary}>
            {t('invoices_filter')}
          </button>
          <Link
            reloadDocument
            to={localePath(`/invoices/export.csv${csvQuery ? `?${csvQuery}` : ''}`)}
            className={buttonClass.secondary}
          >
            {t('invoices_csv')}
          </Link>
        </Form>
        {error && <FormMessage tone="error">{error}</FormMessage>}
        {page && (
          <>
            <p className="text-sm text-neutral-600" role="status">
              {t('invoices_count', { count: page.totalDocs })}
            </p>
            {page.docs.length === 0 ? (
              <p className="rounded-2xl border border-dashed border-neutral-300 p-8 text-neutral-700">
                {t('invoices_empty')}
              </p>
            ) : (
              <div className="overflow-x-auto rounded-2xl border border-neutral-200 bg-white">
                <table className="w-full text-left text-sm">
                  <caption className="sr-only">{t('invoices_table')}</caption>
                  <thead className="bg-neutral-50 text-neutral-700">
                    <tr>
                      <th scope="col" className="px-3 py-2 font-semibold">
                        {t('ledger_number')}
                      </th>
                      <th scope="col" className="hidden px-3 py-2 font-semibold sm:table-cell">
                        {t('ledger_issued')}
                      </th>
                      <th scope="col" className="hidden px-3 py-2 font-semibold sm:table-cell">
                        {t('ledger_status')}
                      </th>
                      <th scope="col" className="px-3 py-2 text-right font-semibold">
                        {t('invoices_amount')}
                      </th>
                      <th scope="col" className="hidden px-3 py-2 text-right font-semibold md:table-cell">
                        {t('ledger_balance_after')}
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-neutral-200">
                    {page.docs.map((e) => (
                      <tr key={e._id} data-testid="ledger-entry">
                        <td className="px-3 py-2 align-top">
                          <Link
                            reloadDocument
                            to={localePath(`/invoices/${e._id}/pdf`)}
                            aria-label={t('invoices_pdf', { number: e.number })}
                            className="font-semibold whitespace-nowrap underline-offset-4 hover:underline"
                          >
                            {e.number}
                          </Link>
                          <span className="block text-neutral-600">{t(`ledger_kind_${e.kind}`)}</span>
                          <span className="block text-neutral-600 sm:hidden">{date(e.issuedAt)}</span>
                          <span className="mt-1 block sm:hidden">
                            <StatusBadge status={e.status} />
                          </span>
                        </td>
                        <td className="hidden px-3 py-2 align-top sm:table-cell">
                          {date(e.issuedAt)}
                          {e.dueAt && (
                            <span className="block text-neutral-600">
                              {t('ledger_due')}: {date(e.dueAt)}
                            </span>
                          )}
                        </td>
                        <td className="hidden px-3 py-2 align-top sm:table-cell">
                          <StatusBadge status={e.status} />
                        </td>
                        <td className="px-3 py-2 text-right align-top whitespace-nowrap tabular-nums">
                          {money(e.amount, e.currency)}
                        </td>
                        <td className="hidden px-3 py-2 text-right align-top whitespace-nowrap tabular-nums md:table-cell">
                          {money(e.balanceAfter, e.currency)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <Pagination page={page.page} totalPages={page.totalPages} />
          </>
        )}
      </section>
    </div>
  );
}
