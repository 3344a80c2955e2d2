import type { Availability as AvailabilityValue } from '@varg/contracts';
import { CircleCheck, CircleX, Truck } from 'lucide-react';
import { useTranslation } from '../../lib/i18n.ts';

const LOOK = {
  AVAILABLE: { Icon: CircleCheck, className: 'text-emerald-800' },
  AVAILABLE_HQ: { Icon: Truck, className: 'text-amber-800' },
  NOT_AVAILABLE: { Icon: CircleX, className: 'text-neutral-600' },
} as const;

/** Availability as words with an icon, never colour alone. */
export function Availability({ value }: { value: AvailabilityValue }) {
  const { t } = useTranslation();
  const { Icon, className } = LOOK[value];
  return (
    <p className={`flex items-center gap-1.5 text-sm font-medium ${className}`}>
      <Icon size={16} aria-hidden="true" className="shrink-0" />
      <span>{t(`store_availability_${value}`)}</span>
    </p>
  );
}
