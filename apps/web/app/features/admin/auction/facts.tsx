import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';

/** A record's details as labelled values, under the heading "Details"; `children` follow the list. */
export function Facts({ facts, children }: { facts: [string, string][]; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="facts" className="flex flex-col gap-3">
      <h2 id="facts" className="text-xl font-semibold">
        {t('admin_auction_details')}
      </h2>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2 lg:grid-cols-4">
        {facts.map(([label, value]) => (
          <div key={label} className="flex flex-col">
            <dt className="text-neutral-600">{label}</dt>
            <dd className="font-medium break-words">{value}</dd>
          </div>
        ))}
      </dl>
      {children}
    </section>
  );
}
