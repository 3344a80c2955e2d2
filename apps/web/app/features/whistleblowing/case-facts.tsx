// A whistleblowing case as the compliance team reads it: its status, category and the directive's deadlines (overdue
// ones marked), and the report with its optional contact.
import { localeTag } from '@varg/domain';
import type { Answer } from '../../lib/api-call.ts';
import { formatUtcDateTime, formatUtcDay } from '../../lib/format.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useLocale } from '../../lib/use-locale.ts';

type Case = Answer<'getV2ComplianceWhistleblowingCasesById'>;

export function CaseFacts({ found }: { found: Case }) {
  const { t } = useTranslation();
  const tag = localeTag(useLocale());
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="font-medium text-neutral-700">{t('whistle_status')}</dt>
      <dd data-testid="compliance-status">{t(`whistle_status_${found.status}`)}</dd>
      <dt className="font-medium text-neutral-700">{t('whistle_category')}</dt>
      <dd>{t(`whistle_category_${found.category}`)}</dd>
      <dt className="font-medium text-neutral-700">{t('whistle_received_at')}</dt>
      <dd>{formatUtcDateTime(found.receivedAt, tag)}</dd>
      <dt className="font-medium text-neutral-700">{t('compliance_ack_due')}</dt>
      <dd>
        {formatUtcDay(found.acknowledgementDue, tag)}
        {found.acknowledgementOverdue && (
          <strong className="ml-2 rounded-full bg-red-700 px-2 py-0.5 text-xs text-white">
            {t('compliance_overdue')}
          </strong>
        )}
      </dd>
      <dt className="font-medium text-neutral-700">{t('compliance_acknowledged_at')}</dt>
      <dd data-testid="compliance-acknowledged">
        {found.acknowledgedAt ? formatUtcDateTime(found.acknowledgedAt, tag) : '—'}
      </dd>
      <dt className="font-medium text-neutral-700">{t('compliance_feedback_due')}</dt>
      <dd>
        {formatUtcDay(found.feedbackDue, tag)}
        {found.feedbackOverdue && (
          <strong className="ml-2 rounded-full bg-red-700 px-2 py-0.5 text-xs text-white">
            {t('compliance_overdue')}
          </strong>
        )}
      </dd>
    </dl>
  );
}

export function CaseReport({ found }: { found: Case }) {
  const { t } = useTranslation();
  const contact = found.contact;
  return (
    <section aria-labelledby="case-report" className="flex flex-col gap-3">
      <h2 id="case-report" className="text-xl font-bold">
        {t('whistle_your_report_compliance')}
      </h2>
      <p className="whitespace-pre-wrap break-words rounded-2xl border border-neutral-200 bg-white p-4">
        {found.description}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="font-medium text-neutral-700">{t('compliance_when')}</dt>
        <dd>{found.when || '—'}</dd>
        <dt className="font-medium text-neutral-700">{t('compliance_where')}</dt>
        <dd>{found.where || '—'}</dd>
        <dt className="font-medium text-neutral-700">{t('compliance_people')}</dt>
        <dd className="whitespace-pre-wrap">{found.people || '—'}</dd>
        <dt className="font-medium text-neutral-700">{t('compliance_contact')}</dt>
        <dd>
          {contact ? (
            [contact.name, contact.email, contact.phone].filter(Boolean).join(' · ')
          ) : (
            <em>{t('compliance_anonymous')}</em>
          )}
        </dd>
      </dl>
    </section>
  );
}
