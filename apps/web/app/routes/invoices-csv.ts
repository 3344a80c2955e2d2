import type { LedgerEntry } from '@varg/contracts';
import { minorToDecimal, toCsv } from '@varg/domain';
import { ledgerDealerId, ledgerFailure, wholeLedger } from '../features/invoices/ledger.server.ts';
import { localeContext, servicesContext } from '../lib/context.ts';
import { guarded } from '../lib/guards.server.ts';
import type { Route } from './+types/invoices-csv';

/**
 * The filtered ledger as a CSV file (decision 024): one row per entry, newest first; headers, types and statuses in
 * the page's language; amounts as plain decimals (`-1234.56`) with a currency column; RFC 4180 quoting, CRLF, and a
 * UTF-8 byte order mark so spreadsheets read the accents.
 */
export const loader = guarded(['dealer'], async ({ context, request }: Route.LoaderArgs) => {
  const url = new URL(request.url);
  const messages = context.get(servicesContext).messagesFor(context.get(localeContext));
  const tr = (key: string) => messages[key] ?? key;
  let docs: LedgerEntry[];
  let store: string;
  try {
    const ledger = await wholeLedger(context, request, ledgerDealerId(context, url), url);
    docs = ledger.docs;
    store = ledger.dealer.storeName;
  } catch (error) {
    const failure = ledgerFailure(error);
    return new Response(`${failure.message}\n`, {
      status: failure.status,
      headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }
  const decimal = (amount: number | null, currency: string) =>
    amount === null ? '' : minorToDecimal(amount, currency);
  const csv = toCsv(
    [
      tr('ledger_number'),
      tr('invoices_kind'),
      tr('ledger_status'),
      tr('ledger_issued'),
      tr('ledger_due'),
      tr('invoice_description'),
      tr('ledger_order_ref'),
      tr('invoices_currency'),
      tr('invoice_net'),
      tr('invoice_vat'),
      tr('invoices_amount'),
      tr('ledger_balance_after'),
    ],
    docs.map((e) => [
      e.number,
      tr(`ledger_kind_${e.kind}`),
      tr(`ledger_status_${e.status}`),
      e.issuedAt,
      e.dueAt ?? '',
      e.description,
      e.orderReference ?? '',
      e.currency,
      decimal(e.net, e.currency),
      decimal(e.vat, e.currency),
      decimal(e.amount, e.currency),
      decimal(e.balanceAfter, e.currency),
    ]),
  );
  const slug =
    store
      .normalize('NFKD')
      .replace(/[^\w]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'dealer';
  return new Response(`\uFEFF${csv}`, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="invoices-${slug}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  });
});
