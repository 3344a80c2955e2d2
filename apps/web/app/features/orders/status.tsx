import type { OrderView } from '@varg/contracts';
import { CircleAlert, CircleCheck, CircleDashed, CircleSlash } from 'lucide-react';
import { useTranslation } from '../../lib/i18n.ts';

const STYLE: Record<OrderView['status'], { className: string; Icon: typeof CircleCheck }> = {
  pending_payment: { className: 'bg-amber-100 text-amber-900', Icon: CircleAlert },
  partially_paid: { className: 'bg-sky-100 text-sky-900', Icon: CircleDashed },
  paid: { className: 'bg-emerald-100 text-emerald-900', Icon: CircleCheck },
  cancelled: { className: 'bg-neutral-200 text-neutral-800', Icon: CircleSlash },
};

/** The order's status from its payments, in words and with an icon (never by colour alone). */
export function OrderStatusBadge({ status }: { status: OrderView['status'] }) {
  const { t } = useTranslation();
  const { className, Icon } = STYLE[status];
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-3 py-1 text-xs font-semibold whitespace-nowrap ${className}`}
    >
      <Icon size={14} aria-hidden="true" />
      {t(`order_status_${status}`)}
    </span>
  );
}
