import { type AdminOrderDetail, SHIPMENT_CARRIERS } from '@varg/contracts';
import { Form, useNavigation } from 'react-router';
import { useTranslation } from '../../../lib/i18n.ts';
import { buttonClass } from '../../../ui/button.ts';
import { Field, Select } from '../../../ui/field.tsx';
import { Section } from '../../orders/order-detail.tsx';
import { ShipmentList, useCarrierName } from '../../orders/shipments.tsx';
import type { OrderActionResult } from './actions.server.ts';
import { FormError, typed } from './message.tsx';

/** A parts order's parcels and the form that sends one (carrier, tracking number; a link for another carrier). */
export function Fulfilment({ detail, result }: { detail: AdminOrderDetail; result: OrderActionResult | undefined }) {
  const { t } = useTranslation();
  const carrierName = useCarrierName();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'ship';
  const { order } = detail;
  const shippable = order.status === 'paid';
  return (
    <Section id="admin-order-parcels" title={t('admin_orders_shipments')}>
      <div className="flex flex-col gap-4 text-sm">
        {detail.shipments.length === 0 ? (
          <p className="text-neutral-700">{t('admin_orders_no_shipments')}</p>
        ) : (
          <ShipmentList shipments={detail.shipments} />
        )}
        {shippable ? (
          <Form method="post" className="flex flex-col gap-3 border-t border-neutral-200 pt-3">
            <input type="hidden" name="intent" value="ship" />
            <FormError result={result} intent="ship" />
            <Select
              label={t('admin_orders_carrier')}
              name="carrier"
              defaultValue={typed(result, 'ship', 'carrier', 'dhl')}
            >
              {SHIPMENT_CARRIERS.map((c) => (
                <option key={c} value={c}>
                  {carrierName(c)}
                </option>
              ))}
            </Select>
            <Field
              label={t('admin_orders_tracking_number')}
              name="trackingNumber"
              required
              maxLength={60}
              autoCapitalize="characters"
              defaultValue={typed(result, 'ship', 'trackingNumber')}
            />
            <Field
              label={t('admin_orders_tracking_url')}
              name="trackingUrl"
              type="url"
              maxLength={500}
              defaultValue={typed(result, 'ship', 'trackingUrl')}
            />
            <button type="submit" className={`${buttonClass.primary} self-start`} disabled={busy}>
              {t('admin_orders_ship')}
            </button>
          </Form>
        ) : (
          order.status !== 'cancelled' && <p className="text-neutral-700">{t('admin_orders_ship_unpaid')}</p>
        )}
      </div>
    </Section>
  );
}
