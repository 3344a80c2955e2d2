import { DealerApproval, DealerRejection } from '@varg/contracts';
import { localeTag } from '@varg/domain';
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from 'react-router';
import { isApiRequestError } from '../lib/api.ts';
import { userApi } from '../lib/auth.server.ts';
import { formatOrderDay } from '../lib/format.ts';
import { parseBody } from '../lib/forms.server.ts';
import { guarded } from '../lib/guards.server.ts';
import { countryName, useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocale, useLocalePath } from '../lib/use-locale.ts';
import { buttonClass } from '../ui/button.ts';
import { Field, FormMessage } from '../ui/field.tsx';
import type { Route } from './+types/admin-dealer-applications';

// Administrators review dealer applications (decision 020): approve with the group and terms, or reject with a reason.

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'dealer_applications_title');

export const loader = guarded(['admin'], async ({ context, request }: Route.LoaderArgs) => {
  const api = userApi(context, request);
  const [{ docs }, countries] = await Promise.all([
    api.call('getAdminDealerApplications'),
    api.call('getCountry', { query: { status: 1, limit: 300 } }),
  ]);
  // The terms are proposed in the currency of the applicant's country.
  const currencyOf = Object.fromEntries(countries.docs.map((c) => [c.code, c.currency.code]));
  return { applications: docs, currencyOf };
});

export const action = guarded(['admin'], async ({ context, request }: Route.ActionArgs) => {
  const form = await request.formData();
  const id = String(form.get('id') ?? '');
  const intent = form.get('intent') === 'reject' ? 'reject' : 'approve';
  const fail = (error: string, status: number) => data({ id, ok: false as const, intent, error }, status);
  const field = (name: string) => String(form.get(name) ?? '');
  // The form's values, checked by the operation's own schema (the API's) before they are sent.
  const terms = ['groupName', 'labourRate', 'reimbursement', 'currency', 'documentFee', 'margin'] as const;
  const approval = parseBody(DealerApproval, Object.fromEntries(terms.map((f) => [f, field(f)])));
  const rejection = parseBody(DealerRejection, { reason: field('reason') });
  try {
    const api = userApi(context, request);
    if (intent === 'approve') {
      if (!approval.ok) return fail('dealer_applications_invalid', 400);
      await api.call('postAdminDealerApplicationsByIdApprove', { path: { id }, body: approval.data });
    } else {
      if (!rejection.ok) return fail('dealer_applications_invalid', 400);
      await api.call('postAdminDealerApplicationsByIdReject', { path: { id }, body: rejection.data });
    }
    return { id, ok: true as const, intent, error: null };
  } catch (error) {
    if (!isApiRequestError(error) || error.status >= 500) throw error;
    return fail(error.code === 'VALIDATION_ERROR' ? 'dealer_applications_invalid' : error.message, error.status);
  }
});

export default function AdminDealerApplications() {
  const { t } = useTranslation();
  const { applications, currencyOf } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const locale = useLocale();
  const localePath = useLocalePath();
  const tag = localeTag(locale);
  const pending = applications.filter((a) => a.status === 'pending');
  const rejected = applications.filter((a) => a.status === 'rejected');
  return (
    <main id="main" className="mx-auto flex w-full max-w-5xl flex-col gap-8 px-4 py-12">
      <header className="flex flex-col gap-2">
        <Link to={localePath('/admin')} className="text-sm underline underline-offset-4">
          {t('admin_title')}
        </Link>
        <h1 className="text-3xl font-bold tracking-tight">{t('dealer_applications_title')}</h1>
      </header>
      {result?.ok && (
        <FormMessage tone="success">
          {t(result.intent === 'approve' ? 'dealer_applications_approved' : 'dealer_applications_rejected')}
        </FormMessage>
      )}
      {pending.length === 0 && (
        <p className="rounded-2xl border border-dashed border-neutral-300 p-8 text-neutral-700">
          {t('dealer_applications_empty')}
        </p>
      )}
      <ul className="flex flex-col gap-6">
        {pending.map((a) => {
          const busy = navigation.state === 'submitting' && navigation.formData?.get('id') === a._id;
          const failed = result && !result.ok && result.id === a._id ? result.error : null;
          return (
            <li key={a._id} className="rounded-2xl border border-neutral-200 bg-white p-5">
              <h2 className="text-lg font-semibold">{a.storeName}</h2>
              <p className="text-sm text-neutral-700">
                {a.companyName} · {a.vatId} · {a.address}
              </p>
              <p className="text-sm text-neutral-600">
                {a.user.name} · {a.user.email} · {a.phone} · {countryName(a.user.country, locale, a.user.country)}
                {a.appliedAt && ` · ${formatOrderDay(a.appliedAt, tag)}`}
                {a.expectedYearlyVolume !== null &&
                  ` · ${t('dealer_applications_volume', { count: a.expectedYearlyVolume })}`}
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
                      defaultValue={currencyOf[a.user.country] ?? 'EUR'}
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
        })}
      </ul>
      {rejected.length > 0 && (
        <section aria-labelledby="rejected" className="flex flex-col gap-3">
          <h2 id="rejected" className="text-xl font-semibold">
            {t('dealer_applications_rejected_title')}
          </h2>
          <ul className="divide-y divide-neutral-200 rounded-2xl border border-neutral-200 bg-white">
            {rejected.map((a) => (
              <li key={a._id} className="p-4 text-sm">
                {a.storeName} · {a.user.email}
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}
