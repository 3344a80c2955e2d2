import type { BankDetails, OrderView } from '@varg/contracts';
import { formatMoney, localeTag, type UiLanguage } from '@varg/domain';
import { messagesFor, t } from '@varg/i18n/server';
import type { EmailMessage } from '../../providers/email/interface.ts';
import { paymentLabel } from './view.ts';

// Order e-mails, in the order's language, in the identity module's plain style (identity/emails.ts): paragraphs,
// the link made clickable, and here a table of the lines and the bank-transfer details where a transfer is awaited.

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The order's language in its country, so Brazil reads Brazilian Portuguese (catalogs/overrides). */
export type Loc = { lang: UiLanguage; country: string };

export type Block = { kind: 'p'; text: string } | { kind: 'rows'; rows: Array<[string, string]> };

/** Renders the blocks as text and HTML; every one of `links` found in a paragraph is made clickable. */
export function render(
  { lang }: Loc,
  to: string,
  subject: string,
  blocks: Block[],
  links: string | readonly string[],
): EmailMessage {
  const text = blocks
    .map((b) => (b.kind === 'p' ? b.text : b.rows.map(([label, value]) => `${label}: ${value}`).join('\n')))
    .join('\n\n');
  // Longest first, so a link that begins like another is matched whole; one pass, so no anchor is linked twice.
  const escaped = [...new Set(typeof links === 'string' ? [links] : links)]
    .filter(Boolean)
    .map(escapeHtml)
    .sort((a, b) => b.length - a.length);
  const linkPattern = escaped.length
    ? new RegExp(escaped.map((l) => l.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g')
    : null;
  const paragraph = (p: string) =>
    `<p>${linkPattern ? escapeHtml(p).replace(linkPattern, (l) => `<a href="${l}">${l}</a>`) : escapeHtml(p)}</p>`;
  const table = (rows: Array<[string, string]>) =>
    `<table style="border-collapse:collapse;margin:0 0 1em">${rows
      .map(
        ([label, value]) =>
          `<tr><td style="padding:2px 16px 2px 0">${escapeHtml(label)}</td><td style="padding:2px 0;text-align:right;font-variant-numeric:tabular-nums">${escapeHtml(value)}</td></tr>`,
      )
      .join('')}</table>`;
  const html = `<!doctype html><html lang="${lang}"><body style="font-family:system-ui,sans-serif;line-height:1.5">${blocks
    .map((b) => (b.kind === 'p' ? paragraph(b.text) : table(b.rows)))
    .join('')}</body></html>`;
  return { to, subject, text, html, lang };
}

export function formatters(loc: Loc, order: OrderView) {
  const tag = localeTag(loc);
  return {
    money: (amount: number) => formatMoney({ amount, currency: order.currency }, tag),
    date: (iso: string) =>
      new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'Europe/Madrid' }).format(new Date(iso)),
    /** A deadline: day and time, with its time zone. */
    dateTime: (iso: string) =>
      new Intl.DateTimeFormat(tag, {
        year: 'numeric',
        month: 'long',
        day: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        timeZone: 'Europe/Madrid',
        timeZoneName: 'short',
      }).format(new Date(iso)),
  };
}

function bankBlocks(lang: Loc, bank: BankDetails, money: (n: number) => string): Block[] {
  return [
    { kind: 'p', text: t(lang, 'order_bank_intro', { amount: money(bank.amount) }) },
    {
      kind: 'rows',
      rows: [
        [t(lang, 'order_bank_beneficiary'), bank.beneficiary],
        [t(lang, 'order_bank_iban'), bank.iban],
        [t(lang, 'order_bank_bic'), bank.bic],
        [t(lang, 'order_bank_reference'), bank.reference],
        [t(lang, 'order_bank_amount'), money(bank.amount)],
      ],
    },
    ...(bank.sandbox ? [{ kind: 'p' as const, text: t(lang, 'order_bank_sandbox') }] : []),
  ];
}

/** The confirmation sent once an order is placed: what was bought, paid and due, how to pay by transfer, the link. */
export function orderConfirmationEmail(input: {
  lang: UiLanguage;
  order: OrderView;
  bank: BankDetails | null;
  link: string;
}): EmailMessage {
  const { lang: language, order, bank, link } = input;
  const lang: Loc = { lang: language, country: input.order.country };
  const { money, date, dateTime } = formatters(lang, order);
  const name = order.contact.firstName || order.billing.firstName;
  const blocks: Block[] = [
    { kind: 'p', text: t(lang, 'email_greeting', { name: name || order.contact.email }) },
    { kind: 'p', text: t(lang, 'email_order_intro', { number: order.number, date: date(order.createdAt) }) },
    {
      kind: 'rows',
      rows: [
        ...order.lines.map((l): [string, string] => [`${l.quantity} × ${l.name}`, money(l.total)]),
        ...(order.shipping ? [[t(lang, 'order_shipping'), money(order.shipping)] as [string, string]] : []),
        ...(order.fees ? [[t(lang, 'order_fees'), money(order.fees)] as [string, string]] : []),
        [t(lang, 'order_total'), money(order.total)],
        [t(lang, 'order_paid'), money(order.paid)],
        [t(lang, 'order_to_pay'), money(order.toPay)],
      ],
    },
    ...(order.deliveryDate
      ? [
          {
            kind: 'p' as const,
            text: t(lang, 'email_order_delivery', { date: date(`${order.deliveryDate}T12:00:00Z`) }),
          },
        ]
      : []),
    ...(order.reservedUntil
      ? [{ kind: 'p' as const, text: t(lang, 'order_reservation_deadline', { date: dateTime(order.reservedUntil) }) }]
      : []),
    ...(bank ? bankBlocks(lang, bank, money) : []),
    { kind: 'p', text: t(lang, 'email_order_link', { link }) },
    { kind: 'p', text: t(lang, 'email_signature') },
  ];
  return render(lang, order.contact.email, t(lang, 'email_order_subject', { number: order.number }), blocks, link);
}

/** Failure codes of a payment (provider codes, as the payments module stores them) that the e-mail explains. */
export const EXPLAINED_FAILURES = [
  'card_declined',
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'authentication_failed',
  'debit_not_authorized',
  'payment_method_declined',
  'financing_declined',
  'canceled',
] as const;

/** The catalog key of the sentence explaining a failure code; a generic one for codes we do not explain. */
export function failureReasonKey(code: string | null | undefined): string {
  return code && (EXPLAINED_FAILURES as readonly string[]).includes(code)
    ? `email_payment_failed_reason_${code}`
    : 'email_payment_failed_reason_generic';
}

/** What was paid of the total and what is still due. */
export function balanceParagraph(lang: Loc, order: OrderView, money: (n: number) => string): Block {
  return {
    kind: 'p',
    text: t(lang, 'email_payment_balance', {
      paid: money(order.paid),
      total: money(order.total),
      due: money(order.toPay),
    }),
  };
}

/**
 * Sent when a payment of the order succeeded: how much came in, and either that the order is paid in full or what
 * has been paid, what is still due and where to pay the balance (after a deposit).
 */
export function paymentReceivedEmail(input: {
  lang: UiLanguage;
  order: OrderView;
  amount: number;
  /** The order's page. */
  link: string;
  /** The page where the buyer pays the balance (`/{locale}/complete-order/{orderId}`). */
  payLink: string;
}): EmailMessage {
  const { lang: language, order, amount, link, payLink } = input;
  const lang: Loc = { lang: language, country: input.order.country };
  const { money } = formatters(lang, order);
  const name = order.contact.firstName || order.billing.firstName;
  const owes = order.toPay > 0 && order.status !== 'cancelled';
  const blocks: Block[] = [
    { kind: 'p', text: t(lang, 'email_greeting', { name: name || order.contact.email }) },
    { kind: 'p', text: t(lang, 'email_payment_text', { amount: money(amount), number: order.number }) },
    ...(owes
      ? [
          balanceParagraph(lang, order, money),
          { kind: 'p' as const, text: t(lang, 'email_payment_pay_balance', { link: payLink }) },
        ]
      : order.toPay > 0
        ? [{ kind: 'p' as const, text: t(lang, 'email_payment_due', { amount: money(order.toPay) }) }]
        : [{ kind: 'p' as const, text: t(lang, 'email_payment_complete') }]),
    { kind: 'p', text: t(lang, 'email_order_link', { link }) },
    { kind: 'p', text: t(lang, 'email_signature') },
  ];
  return render(lang, order.contact.email, t(lang, 'email_payment_subject', { number: order.number }), blocks, [
    link,
    payLink,
  ]);
}

/**
 * Sent when a payment of the order failed: the amount, the method, the reason where the provider's failure code is
 * one we explain, what is still due and the page to try again.
 */
export function paymentFailedEmail(input: {
  lang: UiLanguage;
  order: OrderView;
  payment: { amount: number; method: string; failureCode: string | null };
  /** The page where the buyer pays again (`/{locale}/complete-order/{orderId}`). */
  payLink: string;
}): EmailMessage {
  const { lang: language, order, payment, payLink } = input;
  const lang: Loc = { lang: language, country: input.order.country };
  const { money } = formatters(lang, order);
  const name = order.contact.firstName || order.billing.firstName;
  const blocks: Block[] = [
    { kind: 'p', text: t(lang, 'email_greeting', { name: name || order.contact.email }) },
    {
      kind: 'p',
      text: t(lang, 'email_payment_failed_text', {
        amount: money(payment.amount),
        method: paymentLabel(messagesFor(lang), 'payment_method', payment.method),
        number: order.number,
      }),
    },
    { kind: 'p', text: t(lang, failureReasonKey(payment.failureCode)) },
    { kind: 'p', text: t(lang, 'email_payment_due', { amount: money(order.toPay) }) },
    { kind: 'p', text: t(lang, 'email_payment_failed_retry', { link: payLink }) },
    { kind: 'p', text: t(lang, 'email_signature') },
  ];
  return render(
    lang,
    order.contact.email,
    t(lang, 'email_payment_failed_subject', { number: order.number }),
    blocks,
    payLink,
  );
}

/**
 * The reminder of the balance before delivery (after a deposit): when the bike is due, what was paid, what is still
 * due and where to pay it. `today` (`YYYY-MM-DD`) tells a coming delivery from one already due.
 */
export function balanceReminderEmail(input: {
  lang: UiLanguage;
  order: OrderView;
  today: string;
  /** The page where the buyer pays the balance (`/{locale}/complete-order/{orderId}`). */
  payLink: string;
}): EmailMessage {
  const { lang: language, order, today, payLink } = input;
  const lang: Loc = { lang: language, country: input.order.country };
  const { money, date } = formatters(lang, order);
  const name = order.contact.firstName || order.billing.firstName;
  const delivery = order.deliveryDate;
  const blocks: Block[] = [
    { kind: 'p', text: t(lang, 'email_greeting', { name: name || order.contact.email }) },
    ...(delivery
      ? [
          {
            kind: 'p' as const,
            text: t(lang, delivery > today ? 'email_balance_reminder_soon' : 'email_balance_reminder_waiting', {
              number: order.number,
              date: date(`${delivery}T12:00:00Z`),
            }),
          },
        ]
      : []),
    balanceParagraph(lang, order, money),
    { kind: 'p', text: t(lang, 'email_balance_reminder_pay', { link: payLink }) },
    { kind: 'p', text: t(lang, 'email_balance_reminder_already_paid') },
    { kind: 'p', text: t(lang, 'email_signature') },
  ];
  return render(
    lang,
    order.contact.email,
    t(lang, 'email_balance_reminder_subject', { number: order.number }),
    blocks,
    payLink,
  );
}

/**
 * An unpaid order's link to pay it (decision 062): sent when the buyer has not paid a while after the confirm, or at
 * once when a confirm of the ordered cart could not prove it was the same buyer. The link signs a buyer who has no
 * password yet in, for that order's payment page, until `expiresAt`.
 */
export function payLinkEmail(input: { lang: UiLanguage; order: OrderView; payLink: string; expiresAt: Date }) {
  const { lang: language, order, payLink } = input;
  const lang: Loc = { lang: language, country: input.order.country };
  const { money, date } = formatters(lang, order);
  const name = order.contact.firstName || order.billing.firstName;
  const blocks: Block[] = [
    { kind: 'p', text: t(lang, 'email_greeting', { name: name || order.contact.email }) },
    { kind: 'p', text: t(lang, 'email_pay_link_text', { number: order.number, amount: money(order.toPay) }) },
    { kind: 'p', text: t(lang, 'email_pay_link_pay', { link: payLink, date: date(input.expiresAt.toISOString()) }) },
    { kind: 'p', text: t(lang, 'email_balance_reminder_already_paid') },
    { kind: 'p', text: t(lang, 'email_signature') },
  ];
  return render(
    lang,
    order.contact.email,
    t(lang, 'email_pay_link_subject', { number: order.number }),
    blocks,
    payLink,
  );
}
