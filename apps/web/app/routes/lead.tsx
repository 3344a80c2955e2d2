import { LeadEdit } from '@varg/contracts';
import { isUuid, LEAD_STATUSES, localizedPath } from '@varg/domain';
import {
  data,
  Form,
  Link,
  redirect,
  useActionData,
  useLoaderData,
  useNavigation,
  useSearchParams,
  useSubmit,
} from 'react-router';
import { LeadFields, leadBody } from '../features/leads/lead-fields.tsx';
import { NoteList } from '../features/leads/note-list.tsx';
import { useShell } from '../features/shell/providers.tsx';
import { isApiRequestError } from '../lib/api.ts';
import { userApi } from '../lib/auth.server.ts';
import { localeContext } from '../lib/context.ts';
import { useFormat } from '../lib/format.ts';
import { parseBody } from '../lib/forms.server.ts';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocalePath } from '../lib/use-locale.ts';
import { SubmitButton } from '../ui/account-fields.tsx';
import { buttonClass } from '../ui/button.ts';
import { FormMessage } from '../ui/field.tsx';
import type { Route } from './+types/lead';

// One lead of the dealer (decision 019): details and pipeline status, the notes timeline, deletion after a confirm.

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta(matches, location.pathname, 'leads_title');

export const loader = guarded(['dealer'], async ({ context, request, params }: Route.LoaderArgs) => {
  if (!isUuid(params.id)) throw new Response(null, { status: 404 });
  try {
    return { lead: await userApi(context, request).call('getReferralById', { path: { id: params.id } }) };
  } catch (error) {
    if (isApiRequestError(error) && error.status === 404) throw data({ message: error.message }, { status: 404 });
    throw error;
  }
});

export const action = guarded(['dealer'], async ({ context, request, params }: Route.ActionArgs) => {
  const api = userApi(context, request);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  try {
    if (intent === 'delete') {
      await api.call('deleteReferralDeleteById', { path: { id: params.id } });
      throw redirect(localizedPath(context.get(localeContext), '/leads?deleted=1'));
    }
    if (intent === 'note') {
      await api.call('postReferralAddNotes', { body: { leadId: params.id, text: String(form.get('text') ?? '') } });
      return { intent, saved: 'leads_note_saved', error: null };
    }
    const body = parseBody(LeadEdit, { ...leadBody(form), status: String(form.get('status')) });
    if (!body.ok) return data({ intent, saved: null, error: 'leads_form_invalid' }, 400);
    await api.call('putReferralEditById', { path: { id: params.id }, body: body.data });
    return { intent: 'edit', saved: 'leads_saved', error: null };
  } catch (error) {
    if (!isApiRequestError(error) || error.status >= 500) throw error;
    return data(
      { intent, saved: null, error: error.code === 'VALIDATION_ERROR' ? 'leads_form_invalid' : error.message },
      error.status,
    );
  }
});

export default function LeadPage() {
  const { t } = useTranslation();
  const { lead } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const localePath = useLocalePath();
  const { confirm } = useShell();
  const submit = useSubmit();
  const when = useFormat().dateTime;
  const busy = (intent: string) => navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  const message = (intent: string) =>
    result?.intent === intent &&
    (result.error ? (
      <FormMessage tone="error">{t(result.error)}</FormMessage>
    ) : result.saved ? (
      <FormMessage tone="success">{t(result.saved)}</FormMessage>
    ) : null);
  const name = `${lead.firstName} ${lead.lastName}`.trim();
  return (
    <div className="flex max-w-3xl flex-col gap-8">
      <header className="flex flex-col gap-2">
        <Link to={localePath('/leads')} className="text-sm underline underline-offset-4">
          {t('leads_title')}
        </Link>
        <h1 className="text-3xl font-bold tracking-tight">{name}</h1>
        <p className="text-sm text-neutral-600">
          {t(`lead_source_${lead.source}`)} · {when(lead.createdAt)}
          {lead.preferredFrom &&
            lead.preferredTo &&
            ` · ${t('leads_ride_window', { from: lead.preferredFrom, to: lead.preferredTo })}`}
        </p>
      </header>
      {params.get('created') === '1' && <FormMessage tone="success">{t('leads_created')}</FormMessage>}
      {lead.feedback && (
        <section aria-labelledby="lead-feedback" className="rounded-2xl border border-emerald-200 bg-emerald-50 p-5">
          <h2 id="lead-feedback" className="font-semibold">
            {t('leads_feedback_title')}
          </h2>
          <p className="mt-1 text-sm">
            {t('test_ride_feedback_stars', { count: lead.feedback.rating })} · {t('test_ride_feedback_would_buy')}{' '}
            {t(lead.feedback.wouldBuy ? 'modal_yes' : 'modal_no')}
          </p>
          {lead.feedback.comments && <p className="mt-2 text-sm">{lead.feedback.comments}</p>}
        </section>
      )}
      <section aria-labelledby="lead-details" className="flex flex-col gap-4">
        <h2 id="lead-details" className="text-xl font-semibold">
          {t('leads_details')}
        </h2>
        {message('edit')}
        <Form method="post" className="flex flex-col gap-4" noValidate key={lead.updatedAt}>
          <input type="hidden" name="intent" value="edit" />
          <div className="flex flex-col gap-1.5">
            <label htmlFor="lead-status" className="text-sm font-medium text-neutral-800">
              {t('leads_status')}
            </label>
            <select
              id="lead-status"
              name="status"
              defaultValue={lead.status}
              className="rounded-lg border border-neutral-300 bg-white px-3 py-2.5 sm:max-w-xs"
            >
              {LEAD_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`lead_status_${s}`)}
                </option>
              ))}
            </select>
          </div>
          <LeadFields lead={lead} values={{}} errors={{}} />
          <div>
            <SubmitButton busy={busy('edit')} busyLabel={t('form_saving')}>
              {t('leads_save')}
            </SubmitButton>
          </div>
        </Form>
      </section>
      <section aria-labelledby="lead-notes" className="flex flex-col gap-4">
        <h2 id="lead-notes" className="text-xl font-semibold">
          {t('leads_notes')}
        </h2>
        <NoteList notes={lead.notes} />
        {message('note')}
        <Form method="post" className="flex flex-col gap-3" key={lead.notes.length}>
          <input type="hidden" name="intent" value="note" />
          <label htmlFor="lead-note" className="text-sm font-medium text-neutral-800">
            {t('leads_note_label')}
          </label>
          <textarea
            id="lead-note"
            name="text"
            rows={3}
            required
            maxLength={2000}
            className="rounded-lg border border-neutral-300 px-3 py-2.5"
          />
          <div>
            <SubmitButton busy={busy('note')} busyLabel={t('form_saving')}>
              {t('leads_note_add')}
            </SubmitButton>
          </div>
        </Form>
      </section>
      <section aria-labelledby="lead-delete" className="flex flex-col gap-3 border-t border-neutral-200 pt-6">
        <h2 id="lead-delete" className="text-xl font-semibold">
          {t('leads_delete_title')}
        </h2>
        {message('delete')}
        <Form
          method="post"
          onSubmit={async (event) => {
            event.preventDefault();
            const form = event.currentTarget;
            if (await confirm({ title: t('leads_delete_confirm'), description: name })) await submit(form);
          }}
        >
          <input type="hidden" name="intent" value="delete" />
          <button type="submit" className={buttonClass.secondary} disabled={busy('delete')}>
            {t('leads_delete')}
          </button>
        </Form>
      </section>
    </div>
  );
}
