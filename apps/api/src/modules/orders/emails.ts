import type { BankDetails, OrderView } from '@varg/contracts';
import { formatMoney, localeTag, type UiLanguage } from '@varg/domain';
import { t } from '@varg/i18n/server';
import type { EmailMessage } from '../../providers/email/interface.ts';

// Order e-mails, in the order's language, in the identity module's plain style (identity/emails.ts): paragraphs,
// the link made clickable, and here a table of the lines and the bank-transfer details where a transfer is awaited.

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

type Block = { kind: 'p'; text: string } | { kind: 'rows'; rows: Array<[string, string]> };

function render(lang: UiLanguage, to: string, subject: string, blocks: Block[], link: string): EmailMessage {
  const text = blocks
    .map((b) => (b.kind === 'p' ? b.text : b.rows.map(([label, value]) => `${label}: ${value}`).join('\n')))
    .join('\n\n');
  const paragraph = (p: string) =>
    `<p>${escapeHtml(p).replace(escapeHtml(link), `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`)}</p>`;
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

function formatters(lang: UiLanguage, order: OrderView) {
  const tag = localeTag({ lang, country: order.country });
  return {
    money: (amount: number) => formatMoney({ amount, currency: order.currency }, tag),
    date: (iso: string) =>
      new Intl.DateTimeFormat(tag, { dateStyle: 'long', timeZone: 'Europe/Madrid' }).format(new Date(iso)),
  };
}

function bankBlocks(lang: UiLanguage, bank: BankDetails, money: (n: number) => string): Block[] {
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
  const { lang, order, bank, link } = input;
  const { money, date } = formatters(lang, order);
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
    ...(bank ? bankBlocks(lang, bank, money) : []),
    { kind: 'p', text: t(lang, 'email_order_link', { link }) },
    { kind: 'p', text: t(lang, 'email_signature') },
  ];
  return render(lang, order.contact.email, t(lang, 'email_order_subject', { number: order.number }), blocks, link);
}

/** Sent when a payment of the order succeeded: how much came in, and what is still due. */
export function paymentReceivedEmail(input: {
  lang: UiLanguage;
  order: OrderView;
  amount: number;
  link: string;
}): EmailMessage {
  const { lang, order, amount, link } = input;
  const { money } = formatters(lang, order);
  const name = order.contact.firstName || order.billing.firstName;
  const blocks: Block[] = [
    { kind: 'p', text: t(lang, 'email_greeting', { name: name || order.contact.email }) },
    { kind: 'p', text: t(lang, 'email_payment_text', { amount: money(amount), number: order.number }) },
    {
      kind: 'p',
      text:
        order.toPay > 0
          ? t(lang, 'email_payment_due', { amount: money(order.toPay) })
          : t(lang, 'email_payment_complete'),
    },
    { kind: 'p', text: t(lang, 'email_order_link', { link }) },
    { kind: 'p', text: t(lang, 'email_signature') },
  ];
  return render(lang, order.contact.email, t(lang, 'email_payment_subject', { number: order.number }), blocks, link);
}
