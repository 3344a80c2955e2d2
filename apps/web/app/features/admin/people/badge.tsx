import { useTranslation } from '../../../lib/i18n.ts';

const TONES = {
  red: 'bg-red-100 text-red-900',
  amber: 'bg-amber-100 text-amber-950',
  green: 'bg-emerald-100 text-emerald-900',
  neutral: 'bg-neutral-100 text-neutral-800',
} as const;

/** A short state word in a coloured pill (the word carries the meaning; the colour only helps). */
export function Badge({ tone, children }: { tone: keyof typeof TONES; children: string }) {
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${TONES[tone]}`}>{children}</span>;
}

const DEALER_TONES = { approved: 'green', pending: 'amber', suspended: 'red', rejected: 'neutral' } as const;

/** A dealer record's state as a badge. */
export function DealerStatus({ status }: { status: keyof typeof DEALER_TONES }) {
  const { t } = useTranslation();
  return <Badge tone={DEALER_TONES[status]}>{t(`admin_dealers_status_${status}`)}</Badge>;
}
