import { localeTag } from '@varg/domain';
import { Form, useNavigation, useSubmit } from 'react-router';
import type { Answer } from '../../../lib/api-call.ts';
import { money as formatMoney, formatUtcDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { buttonClass } from '../../../ui/button.ts';
import { useShell } from '../../shell/providers.tsx';

type Reservation = Answer<'getAdminStockBikesByIdReservations'>['docs'][number];

/** The orders holding a stock bike: who, until when, which cart and order; an unpaid hold can be released. */
export function StockBikeReservations({ reservations }: { reservations: Reservation[] }) {
  const { t } = useTranslation();
  const { confirm } = useShell();
  const tag = localeTag(useLocale());
  const navigation = useNavigation();
  const submit = useSubmit();
  const money = (amount: number, currency: string) => formatMoney(amount, currency, tag);
  return (
    <section aria-labelledby="stock-reservations" className="flex flex-col gap-3">
      <h2 id="stock-reservations" className="text-lg font-semibold">
        {t('admin_stock_reservations')}
      </h2>
      {reservations.length === 0 ? (
        <p className="text-neutral-700">{t('admin_stock_reservations_empty')}</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-neutral-200">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('admin_stock_reservations')}</caption>
            <thead className="bg-neutral-50 text-xs tracking-wide text-neutral-700 uppercase">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t('admin_stock_order')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('admin_stock_buyer')}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t('admin_stock_until')}
                </th>
                <th scope="col" className="px-3 py-2 text-right">
                  {t('admin_stock_paid')}
                </th>
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">{t('admin_stock_release')}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-neutral-200">
              {reservations.map((r) => {
                const busy = navigation.state === 'submitting' && navigation.formData?.get('orderId') === r.orderId;
                return (
                  <tr key={r.orderId}>
                    <td className="px-3 py-2 align-top">
                      <span className="font-medium">#{r.number}</span>
                      <span className="block text-xs text-neutral-700">
                        {t('admin_stock_cart')}: <span className="font-mono">{r.cartId ?? '—'}</span>
                      </span>
                    </td>
                    <td className="px-3 py-2 align-top">
                      {r.buyer.name}
                      <span className="block text-xs text-neutral-700">{r.buyer.email}</span>
                    </td>
                    <td className="px-3 py-2 align-top">
                      {r.reservedUntil ? formatUtcDateTime(r.reservedUntil, tag) : t('admin_stock_until_paid')}
                    </td>
                    <td className="px-3 py-2 text-right align-top tabular-nums">{money(r.paid, r.currency)}</td>
                    <td className="px-3 py-2 align-top">
                      {r.paid === 0 && (
                        <Form
                          method="post"
                          onSubmit={async (event) => {
                            event.preventDefault();
                            const form = event.currentTarget;
                            const yes = await confirm({
                              title: t('admin_stock_release_confirm_title'),
                              description: t('admin_stock_release_confirm_text', { number: r.number }),
                            });
                            if (yes) await submit(form);
                          }}
                        >
                          <input type="hidden" name="intent" value="release" />
                          <input type="hidden" name="orderId" value={r.orderId} />
                          <button type="submit" className={buttonClass.secondary} disabled={busy}>
                            {t('admin_stock_release')}
                          </button>
                        </Form>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
