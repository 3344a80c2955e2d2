import type { OrderShipment } from '@varg/contracts';
import { CARRIER_NAMES } from '@varg/domain';
import { Truck } from 'lucide-react';
import { useFormat } from '../../lib/format.ts';
import { useTranslation } from '../../lib/i18n.ts';

/** A carrier as printed: its brand, or "another carrier" in the page's language. */
export function useCarrierName() {
  const { t } = useTranslation();
  return (carrier: OrderShipment['carrier']) =>
    carrier === 'other' ? t('admin_orders_carrier_other') : CARRIER_NAMES[carrier];
}

/** The parcels of a parts order (decision 042): carrier, tracking number, the carrier's tracking page. */
export function ShipmentList({ shipments }: { shipments: OrderShipment[] }) {
  const { t } = useTranslation();
  const format = useFormat();
  const carrierName = useCarrierName();
  return (
    <ul className="flex flex-col gap-3 text-sm">
      {shipments.map((s) => (
        <li key={s.id} className="flex flex-col gap-1">
          <span className="flex items-center gap-2">
            <Truck size={16} aria-hidden="true" className="shrink-0" />
            {t('order_shipment_line', { carrier: carrierName(s.carrier), number: s.trackingNumber })}
          </span>
          <span className="text-neutral-700">{t('admin_orders_shipped_on', { date: format.day(s.createdAt) })}</span>
          <a
            href={s.trackingUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="self-start font-medium underline underline-offset-4"
          >
            {t('order_shipment_track')}
            <span className="sr-only"> ({s.trackingNumber})</span>
          </a>
        </li>
      ))}
    </ul>
  );
}

/** The buyer's order page section listing the parcels, once there is one. */
export function OrderShipments({ shipments, className = '' }: { shipments: OrderShipment[]; className?: string }) {
  const { t } = useTranslation();
  if (shipments.length === 0) return null;
  return (
    <section
      aria-labelledby="shipments-title"
      className={`rounded-2xl border border-neutral-200 bg-white p-5 ${className}`}
    >
      <h2 id="shipments-title" className="text-lg font-bold">
        {t('order_shipments_title')}
      </h2>
      <div className="mt-3">
        <ShipmentList shipments={shipments} />
      </div>
    </section>
  );
}
