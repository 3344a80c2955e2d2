import type { AuditTrailEntry } from '@varg/contracts';
import { localeTag } from '@varg/domain';
import { formatUtcDateTime } from '../../lib/format.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { auditValue } from './format.ts';

/**
 * A record's audit trail (decision 040): who did what and when, newest first, and for edits each changed field as
 * "before → after". Actions show their translated name (`audit_action_<action>` with dots as underscores) when the
 * catalogs have one, else the action's code.
 */
export function AuditTrail({ entries, headingId = 'audit-trail' }: { entries: AuditTrailEntry[]; headingId?: string }) {
  const { t } = useTranslation();
  const tag = localeTag(useLocale());
  const actionName = (action: string) => {
    const key = `audit_action_${action.replace(/[.-]/g, '_')}`;
    const name = t(key);
    return name === key ? action : name;
  };
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h2 id={headingId} className="text-lg font-semibold">
        {t('admin_audit_trail')}
      </h2>
      {entries.length === 0 ? (
        <p className="text-neutral-700">{t('admin_audit_trail_empty')}</p>
      ) : (
        <ol className="flex flex-col divide-y divide-neutral-200 rounded-xl border border-neutral-200">
          {entries.map((entry) => {
            const before = (entry.detail.before ?? {}) as Record<string, unknown>;
            const after = (entry.detail.after ?? {}) as Record<string, unknown>;
            const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
            return (
              <li key={entry.id} className="flex flex-col gap-1 px-4 py-3 text-sm">
                <p className="flex flex-wrap gap-x-3 gap-y-1">
                  <time dateTime={entry.createdAt} className="text-neutral-700">
                    {formatUtcDateTime(entry.createdAt, tag)}
                  </time>
                  <span className="font-medium">{actionName(entry.action)}</span>
                  <span className="text-neutral-700">{entry.actor?.email ?? t('admin_audit_system')}</span>
                </p>
                {fields.length > 0 && (
                  <dl className="grid grid-cols-[max-content_1fr] gap-x-3 gap-y-0.5">
                    {fields.map((field) => (
                      <div key={field} className="contents">
                        <dt className="font-mono text-xs text-neutral-700">{field}</dt>
                        <dd className="break-all">
                          <span className="sr-only">{t('admin_audit_before')} </span>
                          {auditValue(before[field])} <span aria-hidden="true">→</span>
                          <span className="sr-only"> {t('admin_audit_after')}</span> {auditValue(after[field])}
                        </dd>
                      </div>
                    ))}
                  </dl>
                )}
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
