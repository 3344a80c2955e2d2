import type { AdminOrderDetail } from '@varg/contracts';
import { localeTag } from '@varg/domain';
import { Form, useNavigation } from 'react-router';
import { formatUtcDateTime, useFormat } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { buttonClass } from '../../../ui/button.ts';
import { Field } from '../../../ui/field.tsx';
import { Section } from '../../orders/order-detail.tsx';
import type { OrderActionResult } from './actions.server.ts';
import { FormError, typed } from './message.tsx';

/** A label of the catalog, or the code itself when the catalog has none (a provider's own code). */
function useLabel() {
  const { t } = useTranslation();
  return (key: string, code: string) => {
    const text = t(key);
    return text === key ? code : text;
  };
}

/**
 * The payment ledger (decisions 014, 017): each payment with kind, method, provider, status, amount and refunds, the
 * order's totals, and per payment the actions — refund part or all (bounded by what is left), or record an
 * in-house transfer's money.
 */
export function Ledger({ detail, result }: { detail: AdminOrderDetail; result: OrderActionResult | undefined }) {
  const { t } = useTranslation();
  const label = useLabel();
  const format = useFormat();
  const tag = localeTag(useLocale());
  const navigation = useNavigation();
  const busy = (intent: string, id: string) =>
    navigation.state === 'submitting' &&
    navigation.formData?.get('intent') === intent &&
    navigation.formData?.get('paymentId') === id;
  const { order } = detail;
  return (
    <Section id="admin-order-ledger" title={t('admin_orders_ledger')}>
      <dl className="mb-4 grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        {(
          [
            [t('order_total'), order.total],
            [t('order_paid'), order.paid],
            [t('admin_orders_refunded'), detail.refunded],
            [t('admin_orders_due'), order.toPay],
          ] as const
        ).map(([name, amount]) => (
          <div key={name} className="rounded-lg bg-neutral-50 p-2">
            <dt className="text-neutral-700">{name}</dt>
            <dd className="font-semibold tabular-nums">{format.money(amount, order.currency)}</dd>
          </div>
        ))}
      </dl>
      {detail.ledger.length === 0 ? (
        <p className="text-neutral-700">{t('admin_orders_no_payments')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-neutral-200">
          {detail.ledger.map((p) => (
            <li key={p.id} className="flex flex-col gap-2 py-3 text-sm first:pt-0">
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <p className="font-semibold">
                  {label(`payment_kind_${p.kind}`, p.kind)} · {label(`payment_method_${p.method}`, p.method)}
                </p>
                <p className="font-semibold tabular-nums">{format.money(p.amount, p.currency)}</p>
              </div>
              <p className="text-neutral-700">
                {label(`admin_orders_payment_${p.status.toLowerCase()}`, p.status)} · {t('admin_orders_provider')}:{' '}
                {p.provider}
                {p.providerReference && <span className="font-mono text-xs"> ({p.providerReference})</span>} ·{' '}
                {formatUtcDateTime(p.createdAt, tag)}
                {p.refunded > 0 && (
                  <>
                    {' · '}
                    {t('admin_orders_refunded')}: {format.money(p.refunded, p.currency)}
                  </>
                )}
                {p.failureCode && <> · {p.failureCode}</>}
              </p>
              {p.awaitingMoney && (
                <Form method="post">
                  <input type="hidden" name="intent" value="received" />
                  <input type="hidden" name="paymentId" value={p.id} />
                  <FormError result={result} intent="received" match={{ paymentId: p.id }} />
                  <button type="submit" className={buttonClass.secondary} disabled={busy('received', p.id)}>
                    {t('admin_orders_mark_received')}
                  </button>
                </Form>
              )}
              {p.refundable > 0 && (
                <details
                  className="rounded-lg border border-neutral-200 p-3"
                  open={!!result && !result.ok && result.intent === 'refund' && result.values.paymentId === p.id}
                >
                  <summary className="cursor-pointer font-medium">
                    {t('admin_orders_refund')} (
                    {t('admin_orders_refund_hint', { amount: format.money(p.refundable, p.currency) })})
                  </summary>
                  <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
                    <input type="hidden" name="intent" value="refund" />
                    <input type="hidden" name="paymentId" value={p.id} />
                    <input type="hidden" name="currency" value={p.currency} />
                    <FormError result={result} intent="refund" match={{ paymentId: p.id }} />
                    <Field
                      label={t('admin_orders_refund_amount', { currency: p.currency })}
                      name="amount"
                      inputMode="decimal"
                      required
                      defaultValue={typed(result, 'refund', 'amount', (p.refundable / 100).toFixed(2))}
                      className="w-40"
                    />
                    <fieldset className="flex flex-col gap-1">
                      <legend className="font-medium">{t('admin_orders_refund_to')}</legend>
                      <label className="flex items-center gap-2">
                        <input
                          type="radio"
                          name="to"
                          value="original"
                          defaultChecked={typed(result, 'refund', 'to', 'original') !== 'wallet'}
                        />
                        {t('admin_orders_refund_original')}
                      </label>
                      <label className="flex items-center gap-2">
                        <input
                          type="radio"
                          name="to"
                          value="wallet"
                          defaultChecked={typed(result, 'refund', 'to') === 'wallet'}
                        />
                        {t('payment_method_wallet')}
                      </label>
                    </fieldset>
                    <label className="flex basis-full items-center gap-2">
                      <input type="checkbox" name="confirm" value="yes" required />
                      {t('admin_orders_refund_check')}
                    </label>
                    <button type="submit" className={buttonClass.primary} disabled={busy('refund', p.id)}>
                      {t('admin_orders_refund_submit')}
                    </button>
                  </Form>
                </details>
              )}
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
