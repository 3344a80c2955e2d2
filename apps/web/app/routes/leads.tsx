import { LeadCreate } from '@varg/contracts';
import { LEAD_STATUSES, localeTag, localizedPath } from '@varg/domain';
import { data, Form, Link, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { LeadFields, leadBody } from '../features/leads/lead-fields.tsx';
import { Pagination, pageParam } from '../features/store/pagination.tsx';
import { isApiRequestError } from '../lib/api.ts';
import { userApi } from '../lib/auth.server.ts';
import { localeContext } from '../lib/context.ts';
import { formatOrderDay } from '../lib/format.ts';
import { parseBody } from '../lib/forms.server.ts';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocale, useLocalePath } from '../lib/use-locale.ts';
import { SubmitButton } from '../ui/account-fields.tsx';
import { buttonClass } from '../ui/button.ts';
import { Field, FormMessage, Select } from '../ui/field.tsx';
import type { Route } from './+types/leads';

// A dealer's leads and referrals (spec sections 2 and 7; decision 019): search, status filter and pages in the URL,
// a new lead (source WEB); each lead's page has its details, notes and deletion.

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta(matches, location.pathname, 'leads_title');

export const loader = guarded(['dealer'], async ({ context, request }: Route.LoaderArgs) => {
  const url = new URL(request.url);
  const search = url.searchParams.get('search')?.trim().slice(0, 100) ?? '';
  const status = url.searchParams.get('status') ?? '';
  const query = new URLSearchParams({ page: String(pageParam(url)), limit: '10', view: 'list' });
  if (search) query.set('search', search);
  if ((LEAD_STATUSES as readonly string[]).includes(status)) query.set('status', status);
  const answer = await userApi(context, request).call('getReferralRefer', { query: Object.fromEntries(query) });
  // Only what the list shows of each lead: the API leaves notes, feedback and message out (`view=list`, decision 074),
  // and the page's data keeps fewer fields still (decision 069).
  const page = {
    ...answer,
    docs: answer.docs.map((lead) => ({
      _id: lead._id,
      firstName: lead.firstName,
      lastName: lead.lastName,
      email: lead.email,
      phone: lead.phone,
      model: lead.model,
      source: lead.source,
      status: lead.status,
      createdAt: lead.createdAt,
    })),
  };
  return { page, search, status };
});

export const action = guarded(['dealer'], async ({ context, request }: Route.ActionArgs) => {
  const form = await request.formData();
  const body = leadBody(form);
  const values = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v ?? '']));
  const parsed = parseBody(LeadCreate, body);
  if (!parsed.ok) return data({ error: 'leads_form_invalid', values, errors: parsed.errors }, 400);
  try {
    const lead = await userApi(context, request).call('postReferralAddReferral', { body: parsed.data });
    throw redirect(localizedPath(context.get(localeContext), `/leads/${lead._id}?created=1`));
  } catch (error) {
    if (!isApiRequestError(error) || error.status >= 500) throw error;
    return data(
      { error: error.code === 'VALIDATION_ERROR' ? 'leads_form_invalid' : error.message, values, errors: {} },
      error.status,
    );
  }
});

export default function Leads() {
  const { t } = useTranslation();
  const { page, search, status } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const localePath = useLocalePath();
  const tag = localeTag(useLocale());
  return (
    <div className="flex max-w-5xl flex-col gap-8">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('leads_title')}</h1>
        <p className="text-neutral-700">{t('leads_intro')}</p>
        <Link to={localePath('/terms/referrals/varg')} className="text-sm underline underline-offset-4">
          {t('terms_referrals_link')}
        </Link>
      </header>
      <details className="rounded-2xl border border-neutral-200 bg-white p-5" open={Boolean(result)}>
        <summary className="cursor-pointer font-semibold">{t('leads_add')}</summary>
        <Form method="post" className="mt-4 flex flex-col gap-4" noValidate>
          {result?.error && <FormMessage tone="error">{t(result.error)}</FormMessage>}
          <LeadFields values={result?.values ?? {}} errors={result?.errors ?? {}} />
          <div>
            <SubmitButton busy={navigation.state === 'submitting'} busyLabel={t('form_saving')}>
              {t('leads_add_button')}
            </SubmitButton>
          </div>
        </Form>
      </details>
      <Form method="get" className="flex flex-wrap items-end gap-3" role="search">
        <Field
          label={t('leads_search')}
          name="search"
          type="search"
          defaultValue={search}
          maxLength={100}
          className="min-w-56 flex-1"
        />
        <Select label={t('leads_status')} name="status" defaultValue={status}>
          <option value="">{t('leads_status_all')}</option>
          {LEAD_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`lead_status_${s}`)}
            </option>
          ))}
        </Select>
        <button type="submit" className={buttonClass.secondary}>
          {t('leads_filter')}
        </button>
      </Form>
      <p className="text-sm text-neutral-600" role="status">
        {t('leads_count', { count: page.totalDocs })}
      </p>
      {page.docs.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-neutral-300 p-8 text-neutral-700">{t('leads_empty')}</p>
      ) : (
        <ul className="divide-y divide-neutral-200 rounded-2xl border border-neutral-200 bg-white">
          {page.docs.map((lead) => (
            <li key={lead._id} className="flex flex-col gap-1 p-4 sm:flex-row sm:items-center sm:justify-between">
              <div className="min-w-0">
                <Link
                  to={localePath(`/leads/${lead._id}`)}
                  className="font-semibold underline-offset-4 hover:underline"
                >
                  {lead.firstName} {lead.lastName}
                </Link>
                <LeadContact
                  parts={[lead.email, lead.phone, lead.model ? t(`model_${lead.model.replace(/-/g, '_')}_name`) : '']}
                />
              </div>
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <span className="rounded-full bg-neutral-100 px-2.5 py-1">{t(`lead_source_${lead.source}`)}</span>
                <span className="rounded-full bg-neutral-900 px-2.5 py-1 text-white">
                  {t(`lead_status_${lead.status}`)}
                </span>
                <span className="text-neutral-600">{formatOrderDay(lead.createdAt, tag)}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page.page} totalPages={page.totalPages} />
    </div>
  );
}

/** A lead's e-mail, phone and model on one line; cut on a narrow screen, so the whole line is its title too. */
function LeadContact({ parts }: { parts: Array<string | null | undefined> }) {
  const line = parts.filter(Boolean).join(' · ');
  return (
    <p className="truncate text-sm text-neutral-600" title={line}>
      {line}
    </p>
  );
}
