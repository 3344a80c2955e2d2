import type { AdminAuction } from '@varg/contracts';
import { useTranslation } from '../../../lib/i18n.ts';

/** Scheduled, running or ended, and whether the storefront shows it. */
export function StatusBadge({ auction }: { auction: Pick<AdminAuction, 'status' | 'current'> }) {
  const { t } = useTranslation();
  const tone = {
    scheduled: 'bg-sky-100 text-sky-900',
    running: 'bg-lime-100 text-lime-900',
    ended: 'bg-neutral-100 text-neutral-800',
  }[auction.status];
  return (
    <span className="inline-flex flex-wrap gap-1">
      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>
        {t(`admin_auction_status_${auction.status}`)}
      </span>
      {auction.current && (
        <span className="rounded-full bg-neutral-900 px-2 py-0.5 text-xs font-semibold text-white">
          {t('admin_auction_current')}
        </span>
      )}
    </span>
  );
}
