import { DealerApproval, DealerRejection } from '@varg/contracts';
import { data, Link, useActionData, useLoaderData } from 'react-router';
import { ApplicationReview } from '../features/dealer/application-review.tsx';
import { isApiRequestError } from '../lib/api.ts';
import { userApi } from '../lib/auth.server.ts';
import { parseBody } from '../lib/forms.server.ts';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocalePath } from '../lib/use-locale.ts';
import { FormMessage } from '../ui/field.tsx';
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
  const localePath = useLocalePath();
  const pending = applications.filter((a) => a.status === 'pending');
  const rejected = applications.filter((a) => a.status === 'rejected');
  return (
    <div className="flex flex-col gap-8">
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
        {pending.map((a) => (
          <ApplicationReview key={a._id} application={a} currency={currencyOf[a.user.country] ?? 'EUR'} />
        ))}
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
    </div>
  );
}
