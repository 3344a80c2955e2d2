import type { OrderAddress, OrderView } from '@varg/contracts';
import {
  formatIban,
  formatMoney,
  localeTag,
  orderVatBreakdown,
  REVERSE_CHARGE_NOTE_KEY,
  type UiLanguage,
} from '@varg/domain';
import { t } from '@varg/i18n/server';
import { fitsBuiltinFont, renderPdf } from '../../lib/pdf.ts';
import type { BankAccount } from './seller.ts';
import { SELLER } from './seller.ts';
import { paymentLabel } from './view.ts';

// The invoice of an order as a PDF (spec section 7: GET order/invoice?orderId), drawn with the shared pdfkit helpers.
// Amounts come from the order as agreed at checkout; paid and due from the payment ledger; the VAT breakdown from the
// lines through packages/domain.

/** Every catalog key the invoice prints (apart from line, option and group names). */
const INVOICE_KEYS = [
  'invoice_title',
  'invoice_number',
  'invoice_date',
  'invoice_order_number',
  'invoice_customer_reference',
  'invoice_seller',
  'invoice_bill_to',
  'invoice_vat_id',
  'invoice_tax_id',
  'invoice_description',
  'invoice_quantity',
  'invoice_unit_price',
  'invoice_vat_rate',
  'invoice_line_total',
  'invoice_vat_breakdown',
  'invoice_net',
  'invoice_vat',
  'invoice_gross',
  'invoice_prices_include_vat',
  'invoice_reverse_charge_deduction',
  'invoice_tax',
  'invoice_payments_received',
  'invoice_payment_kind',
  'invoice_payment_amount',
  'invoice_pay_by_transfer',
  'invoice_sandbox_account',
  'invoice_footer',
  'order_subtotal',
  'order_shipping',
  'order_fees',
  'order_total',
  'order_paid',
  'order_to_pay',
  'order_payment_date',
  'order_payment_method',
  'order_payments_none',
  'order_payment_refunded',
  'order_delivery_address',
  'order_summary',
  'store_page_of',
  REVERSE_CHARGE_NOTE_KEY,
] as const;

/**
 * The language an invoice is drawn in: the order's. (Kept as a function: the invoice once fell back to English where
 * the built-in font could not print a language; an embedded Unicode font now draws every one of them.)
 */
export function invoiceLanguage(lang: UiLanguage): UiLanguage {
  return lang;
}

/**
 * Whether the invoice needs the embedded Unicode font: its texts, the labels of its payments or the order's names go
 * beyond Windows-1252.
 */
function needsUnicode(lang: UiLanguage, order: unknown, labels: readonly string[]): boolean {
  return !fitsBuiltinFont(...INVOICE_KEYS.map((key) => t(lang, key)), ...labels, JSON.stringify(order));
}

export function invoiceNumber(order: { number: number }): string {
  return `INV-${order.number}`;
}

export function invoiceFilename(order: { number: number }): string {
  return `invoice-${order.number}.pdf`;
}

/** The order's VAT breakdown (packages/domain), from the view's amounts. */
export function invoiceVat(order: OrderView) {
  return orderVatBreakdown({ ...order, reverseCharge: order.billing.reverseCharge }, order.lines);
}

/** Sales-tax markets (decision 013): the tax is not VAT and has no breakdown by rate on the invoice. */
const SALES_TAX_REGIMES: ReadonlySet<unknown> = new Set(['us_sales_tax', 'sales_tax', 'not_collected']);

function sameAddress(a: OrderAddress | null, b: OrderAddress | null): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function addressLines(address: OrderAddress | null, tag: string): string[] {
  if (!address) return [];
  let country = address.country;
  try {
    country = new Intl.DisplayNames([tag], { type: 'region' }).of(address.country) ?? address.country;
  } catch {
    // An unknown code is printed as it is.
  }
  return [
    address.line1,
    address.line2,
    [address.postalCode, address.city].filter(Boolean).join(' '),
    address.state,
    country,
  ].filter(Boolean);
}

export interface InvoiceInput {
  /** The order with its line, option and group names in `lang`. */
  order: OrderView;
  lang: UiLanguage;
  bank: BankAccount;
  /** Names of option groups by catalog key, in `lang`. */
  messages: Record<string, string>;
  compress?: boolean;
}

export function invoicePdf({ order, lang, bank, messages, compress }: InvoiceInput): Promise<Buffer> {
  const tr = (key: string, params?: Record<string, string | number>) => t(lang, key, params);
  const tag = localeTag({ lang, country: order.country });
  const money = (amount: number) => formatMoney({ amount, currency: order.currency }, tag);
  const percent = (bp: number) =>
    new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 2 }).format(bp / 10_000);
  const date = (iso: string) =>
    new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'Europe/Madrid' }).format(new Date(iso));
  const number = invoiceNumber(order);
  const vat = invoiceVat(order);
  const standardRate = Math.max(0, ...order.lines.map((l) => l.vatRateBp));
  const rateOf = (bp: number) => percent(vat.presentation === 'reverse_charge' ? 0 : bp);
  const salesTax = SALES_TAX_REGIMES.has(order.taxDetails.regime);
  // Under reverse charge shipping and fees are charged net too: what the total holds beyond the lines.
  const linesAmount = order.lines.reduce((sum, l) => sum + l.amount, 0);
  const extras =
    vat.presentation === 'reverse_charge'
      ? { shipping: order.shipping ? order.total - linesAmount - order.fees : 0, fees: order.fees }
      : { shipping: order.shipping, fees: order.fees };
  const seller = [SELLER.name, ...SELLER.addressLines, tr('invoice_vat_id', { id: SELLER.vatId })];
  // The ledger as the invoice lists it: every payment that came in, with its method and kind in the invoice's language.
  const received = order.payments
    .filter((p) => p.status === 'SUCCEEDED')
    .map((p) => ({
      ...p,
      methodLabel: paymentLabel(messages, 'payment_method', p.method),
      kindLabel: paymentLabel(messages, 'payment_kind', p.kind),
    }));
  const billing = order.billing;
  const buyer = [
    billing.companyName,
    [billing.firstName, billing.lastName].filter(Boolean).join(' '),
    ...addressLines(billing.address, tag),
    billing.companyId ? tr('invoice_vat_id', { id: billing.companyId }) : null,
    billing.taxId ? tr('invoice_tax_id', { id: billing.taxId }) : null,
    order.contact.email,
  ].filter((s): s is string => !!s);

  return renderPdf(
    {
      unicode: needsUnicode(
        lang,
        order,
        received.flatMap((p) => [p.methodLabel, p.kindLabel]),
      ),
      title: `${tr('invoice_title')} ${number}`,
      subject: `${tr('invoice_order_number')} ${order.number}`,
      keywords: [number, String(order.number), SELLER.name],
      headerNote: `${tr('invoice_title')} ${number}`,
      footer: tr('invoice_footer', {
        seller: SELLER.name,
        address: SELLER.addressLines.join(', '),
        vatId: SELLER.vatId,
      }),
      date: new Date(order.createdAt),
      pageLabel: (page, pages) => tr('store_page_of', { page, total: pages }),
      ...(compress === undefined ? {} : { compress }),
    },
    (pdf) => {
      pdf.title(tr('invoice_title'), [
        `${tr('invoice_number')}: ${number}`,
        `${tr('invoice_date')}: ${date(order.createdAt)}`,
        `${tr('invoice_order_number')}: ${order.number}`,
        ...(order.customerOrderReference
          ? [`${tr('invoice_customer_reference')}: ${order.customerOrderReference}`]
          : []),
      ]);
      // The delivery address only where it differs from the invoice address.
      const shipTo = sameAddress(order.shippingAddress, billing.address)
        ? []
        : addressLines(order.shippingAddress, tag);
      pdf.table({
        columns: [
          tr('invoice_seller'),
          tr('invoice_bill_to'),
          ...(shipTo.length ? [tr('order_delivery_address')] : []),
        ],
        rows: [[seller.join('\n'), buyer.join('\n'), ...(shipTo.length ? [shipTo.join('\n')] : [])]],
      });

      const rows = order.lines.map((line) => {
        const details = [
          ...line.options.map((o) => {
            const group = o.groupNameKey ? messages[o.groupNameKey] : undefined;
            return group ? `${group}: ${o.name}` : o.name;
          }),
        ];
        const description = [
          line.name,
          details.join(', '),
          line.variantCode ? `${line.variantCode}${line.vin ? ` · VIN ${line.vin}` : ''}` : '',
        ]
          .filter(Boolean)
          .join('\n');
        return [description, String(line.quantity), money(line.unitAmount), rateOf(line.vatRateBp), money(line.amount)];
      });
      if (extras.shipping) {
        rows.push([tr('order_shipping'), '1', money(extras.shipping), rateOf(standardRate), money(extras.shipping)]);
      }
      if (extras.fees) rows.push([tr('order_fees'), '1', money(extras.fees), rateOf(standardRate), money(extras.fees)]);
      pdf.table({
        columns: [
          tr('invoice_description'),
          tr('invoice_quantity'),
          tr('invoice_unit_price'),
          salesTax ? tr('invoice_tax') : tr('invoice_vat_rate'),
          tr('invoice_line_total'),
        ],
        rows,
        align: ['left', 'right', 'right', 'right', 'right'],
      });

      const totals: string[][] =
        vat.presentation === 'reverse_charge'
          ? [
              [tr('invoice_net'), money(order.total)],
              [tr('invoice_reverse_charge_deduction'), money(0)],
            ]
          : [
              [tr('order_subtotal'), money(order.subtotal)],
              ...(order.shipping ? [[tr('order_shipping'), money(order.shipping)]] : []),
              ...(order.fees ? [[tr('order_fees'), money(order.fees)]] : []),
              ...(vat.presentation === 'added'
                ? [[salesTax ? tr('invoice_tax') : tr('invoice_vat'), money(order.tax)]]
                : []),
            ];
      // What was paid and is due follows the payments, below.
      totals.push([tr('order_total'), money(order.total)]);
      pdf.table({ columns: [tr('order_summary'), ''], rows: totals, align: ['left', 'right'] });

      if (!salesTax && (vat.vat > 0 || vat.reverseCharge)) {
        pdf.heading(tr('invoice_vat_breakdown'));
        pdf.table({
          columns: [tr('invoice_vat_rate'), tr('invoice_net'), tr('invoice_vat'), tr('invoice_gross')],
          rows: [
            ...vat.rates.map((r) => [percent(r.vatRateBp), money(r.net), money(r.vat), money(r.gross)]),
            ...(vat.rates.length > 1 ? [[tr('order_total'), money(vat.net), money(vat.vat), money(vat.gross)]] : []),
          ],
          align: ['left', 'right', 'right', 'right'],
        });
        if (vat.reverseCharge) pdf.paragraph(tr(REVERSE_CHARGE_NOTE_KEY));
        else if (vat.presentation === 'included') pdf.paragraph(tr('invoice_prices_include_vat'));
      }

      // Every payment received (a deposit, the balance, store credit, …), then what they add up to and what is due.
      pdf.heading(tr('invoice_payments_received'));
      pdf.table({
        columns: [
          tr('order_payment_date'),
          tr('order_payment_method'),
          tr('invoice_payment_kind'),
          tr('invoice_payment_amount'),
        ],
        rows: [
          ...(received.length
            ? received.flatMap((p) => [
                [date(p.createdAt), p.methodLabel, p.kindLabel, money(p.amount)],
                // What was given back of it (a refund), so the rows add up to what was paid.
                ...(p.refunded > 0
                  ? [['', tr('order_payment_refunded', { amount: money(p.refunded) }), '', `−${money(p.refunded)}`]]
                  : []),
              ])
            : [[tr('order_payments_none'), '', '', '']]),
          [tr('order_paid'), '', '', money(order.paid)],
          [tr('order_to_pay'), '', '', money(order.toPay)],
        ],
        align: ['left', 'left', 'left', 'right'],
      });

      if (order.toPay > 0 && order.status !== 'cancelled') {
        const pay = tr('invoice_pay_by_transfer', {
          amount: money(order.toPay),
          beneficiary: bank.beneficiary,
          iban: formatIban(bank.iban),
          bic: bank.bic,
          reference: String(order.number),
        });
        pdf.paragraph(bank.sandbox ? `${pay} ${tr('invoice_sandbox_account')}` : pay);
      }
    },
  );
}
