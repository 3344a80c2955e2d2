// The e-mails the back office's actions send the buyer (decision 042), in the order's language, in the style of the
// other order e-mails (emails.ts): cancelled, refunded, shipped, and the invoice sent again.
import type { OrderShipment, OrderView } from '@varg/contracts';
import { CARRIER_NAMES, type UiLanguage } from '@varg/domain';
import { t } from '@varg/i18n/server';
import type { EmailMessage } from '../../providers/email/interface.ts';
import { type Block, balanceParagraph, formatters, type Loc, render } from './emails.ts';

interface Common {
  lang: UiLanguage;
  order: OrderView;
  /** The order's page in the buyer's account. */
  link: string;
}

function frame({ lang: language, order }: Common) {
  const lang: Loc = { lang: language, country: order.country };
  const name = order.contact.firstName || order.billing.firstName;
  return {
    lang,
    ...formatters(lang, order),
    greeting: { kind: 'p', text: t(lang, 'email_greeting', { name: name || order.contact.email }) } as Block,
  };
}

const closing = (lang: Loc, link: string): Block[] => [
  { kind: 'p', text: t(lang, 'email_order_link', { link }) },
  { kind: 'p', text: t(lang, 'email_signature') },
];

/** The order was cancelled; what was paid goes back to the original payments or as store credit. */
export function orderCancelledEmail(input: Common & { refunded: { original: number; wallet: number } }): EmailMessage {
  const { order, link, refunded } = input;
  const { lang, money, greeting } = frame(input);
  const blocks: Block[] = [
    greeting,
    { kind: 'p', text: t(lang, 'admin_orders_email_cancelled_text', { number: order.number }) },
    ...(refunded.original > 0
      ? [
          {
            kind: 'p' as const,
            text: t(lang, 'admin_orders_email_refund_original', { amount: money(refunded.original) }),
          },
        ]
      : []),
    ...(refunded.wallet > 0
      ? [{ kind: 'p' as const, text: t(lang, 'admin_orders_email_refund_wallet', { amount: money(refunded.wallet) }) }]
      : []),
    ...closing(lang, link),
  ];
  return render(
    lang,
    order.contact.email,
    t(lang, 'admin_orders_email_cancelled_subject', { number: order.number }),
    blocks,
    link,
  );
}

/** Part or all of a payment was given back; the order's balance as it now stands. */
export function paymentRefundedEmail(input: Common & { amount: number; to: 'original' | 'wallet' }): EmailMessage {
  const { order, link, amount, to } = input;
  const { lang, money, greeting } = frame(input);
  const blocks: Block[] = [
    greeting,
    {
      kind: 'p',
      text: t(lang, to === 'wallet' ? 'admin_orders_email_refund_wallet' : 'admin_orders_email_refund_original', {
        amount: money(amount),
      }),
    },
    ...(order.status === 'cancelled' ? [] : [balanceParagraph(lang, order, money)]),
    ...closing(lang, link),
  ];
  return render(
    lang,
    order.contact.email,
    t(lang, 'admin_orders_email_refund_subject', { number: order.number }),
    blocks,
    link,
  );
}

/** The carrier's name as printed: a brand, or "another carrier" in the buyer's language. */
export function carrierName(lang: Loc, carrier: OrderShipment['carrier']): string {
  return carrier === 'other' ? t(lang, 'admin_orders_carrier_other') : CARRIER_NAMES[carrier];
}

/** A parcel of a parts order is on its way: carrier, tracking number and the tracking link. */
export function orderShippedEmail(input: Common & { shipment: OrderShipment }): EmailMessage {
  const { order, link, shipment } = input;
  const { lang, greeting } = frame(input);
  const blocks: Block[] = [
    greeting,
    { kind: 'p', text: t(lang, 'admin_orders_email_shipped_text', { number: order.number }) },
    {
      kind: 'rows',
      rows: [
        [t(lang, 'admin_orders_carrier'), carrierName(lang, shipment.carrier)],
        [t(lang, 'admin_orders_tracking_number'), shipment.trackingNumber],
      ],
    },
    { kind: 'p', text: t(lang, 'admin_orders_email_shipped_track', { link: shipment.trackingUrl }) },
    ...closing(lang, link),
  ];
  return render(
    lang,
    order.contact.email,
    t(lang, 'admin_orders_email_shipped_subject', { number: order.number }),
    blocks,
    [link, shipment.trackingUrl],
  );
}

/** The invoice again: the totals, and where to download it (the order's page). */
export function invoiceEmail(input: Common): EmailMessage {
  const { order, link } = input;
  const { lang, money, greeting } = frame(input);
  const blocks: Block[] = [
    greeting,
    { kind: 'p', text: t(lang, 'admin_orders_email_invoice_text', { number: order.number, link }) },
    {
      kind: 'rows',
      rows: [
        [t(lang, 'order_total'), money(order.total)],
        [t(lang, 'order_paid'), money(order.paid)],
        [t(lang, 'order_to_pay'), money(order.toPay)],
      ],
    },
    { kind: 'p', text: t(lang, 'email_signature') },
  ];
  return render(
    lang,
    order.contact.email,
    t(lang, 'admin_orders_email_invoice_subject', { number: order.number }),
    blocks,
    link,
  );
}
