// An order's payments: the list (with where to pay what is still due), our bank details for a transfer, and how
// long a bike in stock is held for a transfer.
import type { BankDetails, OrderView } from '@varg/contracts';
import { Landmark, TriangleAlert } from 'lucide-react';
import { Link } from 'react-router';
import { useFormat } from '../../lib/format.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useLocalePath } from '../../lib/use-locale.ts';
import { buttonClass } from '../../ui/button.ts';

export function Payments({ order, payable = true }: { order: OrderView; payable?: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const to = useLocalePath();
  // The balance after a deposit, or a payment that failed or was left: paid on the order's own payment page.
  const pay =
    payable && order.toPay > 0 && order.status !== 'cancelled' ? (
      <Link to={to(`/complete-order/${order.id}`)} className={`${buttonClass.primary} mt-4 w-full`}>
        {t('orders_pay_balance')} · {format.money(order.toPay, order.currency)}
      </Link>
    ) : null;
  if (order.payments.length === 0)
    return (
      <>
        <p className="text-sm text-neutral-600">{t('order_payments_none')}</p>
        {pay}
      </>
    );
  return (
    <>
      <ul className="divide-y divide-neutral-100 text-sm">
        {order.payments.map((p) => (
          <li key={p.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-2">
            <div>
              <p className="font-medium">
                {t(`payment_kind_${p.kind}`)} · {t(`payment_method_${p.method}`)}
              </p>
              <p className="text-neutral-600">
                {format.day(p.createdAt)} · {t(`order_payment_status_${p.status.toLowerCase()}`)}
              </p>
              {p.refunded > 0 ? (
                <p className="text-neutral-600">
                  {t('order_payment_refunded', { amount: format.money(p.refunded, p.currency) })}
                </p>
              ) : null}
            </div>
            <p className={`tabular-nums ${p.status === 'SUCCEEDED' ? 'font-semibold' : 'text-neutral-600'}`}>
              {format.money(p.amount, p.currency)}
            </p>
          </li>
        ))}
      </ul>
      {pay}
    </>
  );
}

/** Our account, the reference and the amount, while the buyer's bank transfer is awaited. */
export function BankTransfer({ bank }: { bank: BankDetails }) {
  const { t } = useTranslation();
  const format = useFormat();
  const amount = format.money(bank.amount, bank.currency);
  const rows: Array<[string, string]> = [
    [t('order_bank_beneficiary'), bank.beneficiary],
    [t('order_bank_iban'), bank.iban],
    [t('order_bank_bic'), bank.bic],
    [t('order_bank_reference'), bank.reference],
    [t('order_bank_amount'), amount],
  ];
  return (
    <section aria-labelledby="bank-title" className="rounded-2xl border-2 border-neutral-900 bg-white p-5">
      <h2 id="bank-title" className="flex items-center gap-2 text-lg font-bold">
        <Landmark size={20} aria-hidden="true" />
        {t('order_bank_title')}
      </h2>
      <p className="mt-2 text-sm">{t('order_bank_intro', { amount })}</p>
      <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-neutral-600">{label}</dt>
            <dd className="font-mono font-semibold break-all select-all">{value}</dd>
          </div>
        ))}
      </dl>
      {bank.sandbox && (
        <p className="mt-3 flex items-start gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
          <TriangleAlert size={18} aria-hidden="true" className="mt-0.5 shrink-0" />
          {t('order_bank_sandbox')}
        </p>
      )}
    </section>
  );
}

/** One order: what was bought, the totals and the ledger, delivery, payments, the invoice and how to pay. */
/**
 * An unpaid order's stock bikes are held until a deadline (decision 027): the buyer is told when, and, once it lapsed
 * unpaid, that the order was cancelled.
 */
export function ReservationNotice({ order }: { order: OrderView }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (order.reservationLapsed) {
    return (
      <p role="status" className="rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900">
        {t('order_reservation_lapsed')}
      </p>
    );
  }
  if (!order.reservedUntil) return null;
  return (
    <p
      role="status"
      data-testid="reservation-deadline"
      className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950"
    >
      {t('order_reservation_deadline', { date: format.deadline(order.reservedUntil) })}
    </p>
  );
}
