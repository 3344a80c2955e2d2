import type { LedgerDealer, LedgerEntry } from '@varg/contracts';
import { formatMoney, isEuMember, localeTag, REVERSE_CHARGE_NOTE_KEY, type UiLanguage } from '@varg/domain';
import { formatHours } from '@varg/i18n';
import { t } from '@varg/i18n/server';
import { fitsBuiltinFont, renderPdf } from '../../lib/pdf.ts';
import { SELLER } from '../orders/seller.ts';

// A dealer ledger entry as a PDF (spec section 7: GET dealer-ledger/invoice/download/{id}; decision 024), in the
// dealer's language and the house style of the order invoices (apps/api/src/lib/pdf.ts).

const KEYS = [
  'invoice_seller',
  'invoice_bill_to',
  'invoice_vat_id',
  'invoice_description',
  'invoice_quantity',
  'invoice_unit_price',
  'invoice_line_total',
  'invoice_net',
  'invoice_vat',
  'invoice_gross',
  'invoice_footer',
  'order_total',
  'store_page_of',
  'ledger_number',
  'ledger_issued',
  'ledger_due',
  'ledger_status',
  'ledger_order_ref',
  'ledger_hours',
  'ledger_balance_after',
  'ledger_kind_invoice',
  'ledger_kind_credit_note',
  'ledger_kind_payment',
  'ledger_kind_reimbursement',
  'ledger_status_open',
  'ledger_status_paid',
  'ledger_status_overdue',
  'ledger_status_void',
  REVERSE_CHARGE_NOTE_KEY,
] as const;

export interface LedgerPdfInput {
  entry: LedgerEntry;
  dealer: LedgerDealer & { invoicing: Record<string, unknown>; storeInfo: unknown };
  lang: UiLanguage;
  compress?: boolean;
}

/** Where the maker is established (its VAT id is Spanish). */
const SELLER_COUNTRY = 'ES';

const text = (v: unknown) => (typeof v === 'string' ? v : '');

export function ledgerPdf({ entry, dealer, lang, compress }: LedgerPdfInput): Promise<Buffer> {
  const tr = (key: string, params?: Record<string, string | number>) => t(lang, key, params);
  const tag = localeTag({ lang, country: dealer.country });
  const money = (amount: number) => formatMoney({ amount, currency: entry.currency }, tag);
  const date = (iso: string) =>
    new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
  const title = tr(`ledger_kind_${entry.kind}`);
  const store = (dealer.storeInfo ?? {}) as Record<string, unknown>;
  const company = dealer.invoicing;
  const billTo = [
    text(company.companyName) || dealer.storeName,
    text(company.companyName) ? dealer.storeName : '',
    text(store.formattedAddress),
    text(company.vatId) ? tr('invoice_vat_id', { id: text(company.vatId) }) : '',
  ].filter(Boolean);
  const seller = [SELLER.name, ...SELLER.addressLines, tr('invoice_vat_id', { id: SELLER.vatId })];
  const unicode = !fitsBuiltinFont(...KEYS.map((k) => t(lang, k)), JSON.stringify(entry), billTo.join('\n'));

  return renderPdf(
    {
      unicode,
      title: `${title} ${entry.number}`,
      subject: `${title} ${entry.number} · ${dealer.storeName}`,
      keywords: [entry.number, SELLER.name, dealer.storeName],
      headerNote: `${title} ${entry.number}`,
      footer: tr('invoice_footer', {
        seller: SELLER.name,
        address: SELLER.addressLines.join(', '),
        vatId: SELLER.vatId,
      }),
      date: new Date(`${entry.issuedAt}T00:00:00Z`),
      pageLabel: (page, pages) => tr('store_page_of', { page, total: pages }),
      ...(compress === undefined ? {} : { compress }),
    },
    (pdf) => {
      pdf.title(title, [
        `${tr('ledger_number')}: ${entry.number}`,
        `${tr('ledger_issued')}: ${date(entry.issuedAt)}`,
        ...(entry.dueAt ? [`${tr('ledger_due')}: ${date(entry.dueAt)}`] : []),
        `${tr('ledger_status')}: ${tr(`ledger_status_${entry.status}`)}`,
        ...(entry.orderReference ? [`${tr('ledger_order_ref')}: ${entry.orderReference}`] : []),
      ]);
      pdf.table({
        columns: [tr('invoice_seller'), tr('invoice_bill_to')],
        rows: [[seller.join('\n'), billTo.join('\n')]],
      });
      if (entry.description) pdf.paragraph(entry.description);
      if (entry.lines.length) {
        pdf.table({
          columns: [
            tr('invoice_description'),
            tr('invoice_quantity'),
            tr('invoice_unit_price'),
            tr('invoice_line_total'),
          ],
          rows: entry.lines.map((l) => [
            l.hours !== undefined && l.rate !== undefined
              ? `${l.description}\n${tr('ledger_hours', { duration: formatHours(tag, l.hours), rate: money(l.rate) })}`
              : l.description,
            new Intl.NumberFormat(tag).format(l.quantity),
            money(l.unitAmount),
            money(l.amount),
          ]),
          align: ['left', 'right', 'right', 'right'],
        });
      }
      pdf.table({
        columns: ['', ''],
        rows: [
          ...(entry.net !== null ? [[tr('invoice_net'), money(entry.net)]] : []),
          ...(entry.vat !== null ? [[tr('invoice_vat'), money(entry.vat)]] : []),
          [tr('order_total'), money(entry.amount)],
          [tr('ledger_balance_after'), money(entry.balanceAfter)],
        ],
        align: ['left', 'right'],
      });
      // A supply to a dealer in another EU member state is charged without VAT (decision 024): the invoice says why.
      const reverseCharge =
        (entry.kind === 'invoice' || entry.kind === 'credit_note') &&
        entry.vat === 0 &&
        isEuMember(dealer.country) &&
        dealer.country !== SELLER_COUNTRY;
      if (reverseCharge) pdf.paragraph(tr(REVERSE_CHARGE_NOTE_KEY));
    },
  );
}
