import { localeTag, WHISTLE_STATUSES } from '@varg/domain';
import { Form, Link, useLoaderData } from 'react-router';
import { userApi } from '../lib/auth.server.ts';
import { formatUtcDay } from '../lib/format.ts';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocale, useLocalePath } from '../lib/use-locale.ts';
import { buttonClass } from '../ui/button.ts';
import { Select } from '../ui/field.tsx';
import type { Route } from './+types/compliance';

// The compliance team's cases (decision 023): every whistleblowing report with its status and the directive's
// deadlines, an overdue acknowledgement or feedback highlighted. The compliance role only.

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'compliance_title');

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const loader = guarded(['compliance'], async ({ context, request }: Route.LoaderArgs) => {
  const status = new URL(request.url).searchParams.get('status') ?? '';
  const known = (WHISTLE_STATUSES as readonly string[]).includes(status);
  const { docs } = await userApi(context, request).call('getV2ComplianceWhistleblowingCases', {
    query: known ? { status: status as (typeof WHISTLE_STATUSES)[number] } : {},
  });
  return { cases: docs, status: known ? status : '' };
});

function Overdue() {
  const { t } = useTranslation();
  return (
    <span className="ml-2 rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white">
      {t('compliance_overdue')}
    </span>
  );
}

export default function Compliance() {
  const { t } = useTranslation();
  const { cases, status } = useLoaderData<typeof loader>();
  const localePath = useLocalePath();
  const tag = localeTag(useLocale());
  return (
    <div className="flex max-w-5xl flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('compliance_title')}</h1>
        <p className="text-neutral-700">{t('compliance_intro')}</p>
      </header>
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <Select label={t('whistle_status')} name="status" defaultValue={status}>
          <option value="">{t('leads_status_all')}</option>
          {WHISTLE_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`whistle_status_${s}`)}
            </option>
          ))}
        </Select>
        <button type="submit" className={buttonClass.secondary}>
          {t('leads_filter')}
        </button>
      </Form>
      {cases.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-neutral-300 p-8 text-neutral-700">
          {t('compliance_empty')}
        </p>
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-neutral-200 bg-white">
          <table className="w-full min-w-[44rem] text-left text-sm">
            <caption className="sr-only">{t('compliance_title')}</caption>
            <thead className="border-b border-neutral-200 bg-neutral-50">
              <tr>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t('whistle_code')}
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t('whistle_category')}
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t('whistle_status')}
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t('whistle_received_at')}
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t('compliance_ack_due')}
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t('compliance_feedback_due')}
                </th>
                <th scope="col" className="px-4 py-3 font-semibold">
                  {t('whistle_thread')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-neutral-200">
              {cases.map((c) => (
                <tr key={c._id} className={c.acknowledgementOverdue || c.feedbackOverdue ? 'bg-red-50' : undefined}>
                  <th scope="row" className="px-4 py-3 font-mono font-semibold whitespace-nowrap">
                    <Link to={localePath(`/compliance/${c._id}`)} className="underline underline-offset-4">
                      {c.code}
                    </Link>
                  </th>
                  <td className="px-4 py-3">{t(`whistle_category_${c.category}`)}</td>
                  <td className="px-4 py-3">{t(`whistle_status_${c.status}`)}</td>
                  <td className="px-4 py-3">{formatUtcDay(c.receivedAt, tag)}</td>
                  <td className="px-4 py-3">
                    {c.acknowledgedAt ? (
                      <span className="text-neutral-600">
                        {t('compliance_done_on', { date: formatUtcDay(c.acknowledgedAt, tag) })}
                      </span>
                    ) : (
                      formatUtcDay(c.acknowledgementDue, tag)
                    )}
                    {c.acknowledgementOverdue && <Overdue />}
                  </td>
                  <td className="px-4 py-3">
                    {c.firstAnswerAt ? (
                      <span className="text-neutral-600">
                        {t('compliance_done_on', { date: formatUtcDay(c.firstAnswerAt, tag) })}
                      </span>
                    ) : (
                      formatUtcDay(c.feedbackDue, tag)
                    )}
                    {c.feedbackOverdue && <Overdue />}
                  </td>
                  <td className="px-4 py-3">{c.messageCount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
