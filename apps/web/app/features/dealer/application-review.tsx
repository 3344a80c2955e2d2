// An administrator's review of one pending dealer application: who applied, and the two forms — approve with the
// dealer's terms (group, currency, labour rate, reimbursement, document fee, margin) or reject with a reason.
import { localeTag } from '@varg/domain';
import { Form, useActionData, useNavigation } from 'react-router';
import type { Answer } from '../../lib/api-call.ts';
import { formatOrderDay } from '../../lib/format.ts';
import { countryName, useTranslation } from '../../lib/i18n.ts';
import { useLocale } from '../../lib/use-locale.ts';
import { buttonClass } from '../../ui/button.ts';
import { Field, FormMessage } from '../../ui/field.tsx';

/** What the review page's action answers. */
export type ApplicationReviewData =
  | { id: string; ok: true; intent: 'approve' | 'reject'; error: null }
  | { id: string; ok: false; intent: 'approve' | 'reject'; error: string };

type Application = Answer<'getAdminDealerApplications'>['docs'][number];

export function ApplicationReview({ application: a, currency }: { application: Application; currency: string }) {
  const { t } = useTranslation();
  const result = useActionData<ApplicationReviewData>();
  const navigation = useNavigation();
  const locale = useLocale();
  const tag = localeTag(locale);
  const busy = navigation.state === 'submitting' && navigation.formData?.get('id') === a._id;
  const failed = result && !result.ok && result.id === a._id ? result.error : null;
  return (
    <li className="rounded-2xl border border-neutral-200 bg-white p-5">
      <h2 className="text-lg font-semibold">{a.storeName}</h2>
      <p className="text-sm text-neutral-700">
        {a.companyName} · {a.vatId} · {a.address}
      </p>
      <p className="text-sm text-neutral-600">
        {a.user.name} · {a.user.email} · {a.phone} · {countryName(a.user.country, locale, a.user.country)}
        {a.appliedAt && ` · ${formatOrderDay(a.appliedAt, tag)}`}
        {a.expectedYearlyVolume !== null && ` · ${t('dealer_applications_volume', { count: a.expectedYearlyVolume })}`}
      </p>
      {a.message && <p className="mt-2 text-sm italic">{a.message}</p>}
      {failed && (
        <div className="mt-3">
          <FormMessage tone="error">{t(failed)}</FormMessage>
        </div>
      )}
      <div className="mt-4 grid gap-6 lg:grid-cols-2">
        <Form method="post" className="flex flex-col gap-3 rounded-xl bg-neutral-50 p-4">
          <input type="hidden" name="id" value={a._id} />
          <input type="hidden" name="intent" value="approve" />
          <div className="grid gap-3 sm:grid-cols-2">
            <Field
              label={t('dealer_applications_group')}
              name="groupName"
              required
              defaultValue={countryName(a.user.country, locale, a.user.country)}
            />
            <Field
              label={t('dealer_applications_currency')}
              name="currency"
              required
              maxLength={3}
              defaultValue={currency}
            />
            <Field
              label={t('dealer_applications_labour')}
              name="labourRate"
              type="number"
              min={0}
              required
              defaultValue="6000"
            />
            <Field
              label={t('dealer_applications_reimbursement')}
              name="reimbursement"
              type="number"
              min={0}
              required
              defaultValue="15000"
            />
            <Field
              label={t('dealer_applications_fee')}
              name="documentFee"
              type="number"
              min={0}
              required
              defaultValue="9900"
            />
            <Field
              label={t('dealer_applications_margin')}
              name="margin"
              type="number"
              min={0}
              max={100}
              step="0.1"
              required
              defaultValue="10"
            />
          </div>
          <button
            type="submit"
            className={buttonClass.primary}
            disabled={busy}
            aria-label={`${t('dealer_applications_approve')}: ${a.storeName}`}
          >
            {t('dealer_applications_approve')}
          </button>
        </Form>
        <Form method="post" className="flex flex-col gap-3 rounded-xl bg-neutral-50 p-4">
          <input type="hidden" name="id" value={a._id} />
          <input type="hidden" name="intent" value="reject" />
          <div className="flex flex-col gap-1.5">
            <label htmlFor={`reason-${a._id}`} className="text-sm font-medium text-neutral-800">
              {t('become_dealer_reason')}
            </label>
            <textarea
              id={`reason-${a._id}`}
              name="reason"
              rows={3}
              required
              maxLength={1000}
              className="rounded-lg border border-neutral-300 bg-white px-3 py-2.5"
            />
          </div>
          <button
            type="submit"
            className={buttonClass.secondary}
            disabled={busy}
            aria-label={`${t('dealer_applications_reject')}: ${a.storeName}`}
          >
            {t('dealer_applications_reject')}
          </button>
        </Form>
      </div>
    </li>
  );
}
