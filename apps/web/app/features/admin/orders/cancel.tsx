import type { AdminOrderDetail } from '@varg/contracts';
import { Form, useNavigation } from 'react-router';
import { useFormat } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import type { OrderActionResult } from './actions.server.ts';
import { FormError, typed } from './message.tsx';

/**
 * Cancelling the order (decision 042), a confirm step in the form: opening it says what will happen (stock bikes
 * offered again, the buyer e-mailed) and, when something was paid, asks where it goes back; the button names the order.
 */
export function CancelOrder({ detail, result }: { detail: AdminOrderDetail; result: OrderActionResult | undefined }) {
  const { t } = useTranslation();
  const format = useFormat();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'cancel';
  const { order } = detail;
  const failed = !!result && !result.ok && result.intent === 'cancel';
  return (
    <section aria-labelledby="admin-order-cancel" className="rounded-2xl border border-red-200 bg-white p-5">
      <h2 id="admin-order-cancel" className="text-lg font-bold">
        {t('admin_orders_cancel')}
      </h2>
      <details className="mt-3 text-sm" open={failed}>
        <summary className="cursor-pointer font-medium">{t('admin_orders_cancel')}…</summary>
        <Form method="post" className="mt-3 flex flex-col gap-3">
          <input type="hidden" name="intent" value="cancel" />
          <FormError result={result} intent="cancel" />
          <p className="text-neutral-700">{t('admin_orders_cancel_text')}</p>
          {order.paid > 0 && (
            <fieldset className="flex flex-col gap-1">
              <legend className="font-medium">
                {t('admin_orders_cancel_paid', { amount: format.money(order.paid, order.currency) })}
              </legend>
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  name="refundTo"
                  value="original"
                  defaultChecked={typed(result, 'cancel', 'refundTo') !== 'wallet'}
                />
                {t('admin_orders_refund_original')}
              </label>
              <label className="flex items-center gap-2">
                <input
                  type="radio"
                  name="refundTo"
                  value="wallet"
                  defaultChecked={typed(result, 'cancel', 'refundTo') === 'wallet'}
                />
                {t('payment_method_wallet')}
              </label>
            </fieldset>
          )}
          <label className="flex flex-col gap-1 font-medium">
            {t('admin_orders_reason')}
            <textarea
              name="reason"
              maxLength={500}
              rows={2}
              defaultValue={typed(result, 'cancel', 'reason')}
              className="rounded-lg border border-neutral-300 px-3 py-2 font-normal"
            />
          </label>
          <button
            type="submit"
            disabled={busy}
            className="inline-flex items-center justify-center gap-2 self-start rounded-full bg-red-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 disabled:opacity-50"
          >
            {t('admin_orders_cancel_confirm', { number: order.number })}
          </button>
        </Form>
      </details>
    </section>
  );
}
