import { WhistleStatusBody } from '@varg/contracts';
import { WHISTLE_STATUSES } from '@varg/domain';
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from 'react-router';
import { CaseFacts, CaseReport } from '../features/whistleblowing/case-facts.tsx';
import { Thread } from '../features/whistleblowing/thread.tsx';
import { isApiRequestError } from '../lib/api.ts';
import { userApi } from '../lib/auth.server.ts';
import { parseBody } from '../lib/forms.server.ts';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocalePath } from '../lib/use-locale.ts';
import { SubmitButton } from '../ui/account-fields.tsx';
import { buttonClass } from '../ui/button.ts';
import { FormMessage, TextArea } from '../ui/field.tsx';
import type { Route } from './+types/compliance-case';

// A whistleblowing case for the compliance team (decision 023): the decrypted report and thread, an answer to the
// reporter, and the status (acknowledging records when and by whom). The compliance role only.

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'compliance_title');

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

export const loader = guarded(['compliance'], async ({ context, request, params }: Route.LoaderArgs) => {
  try {
    return {
      found: await userApi(context, request).call('getV2ComplianceWhistleblowingCasesById', {
        path: { id: params.caseId },
      }),
    };
  } catch (error) {
    // A malformed id is a case that does not exist.
    if (isApiRequestError(error) && (error.status === 400 || error.status === 404)) {
      throw data({ message: error.message }, 404);
    }
    throw error;
  }
});

type ActionResult = { done: 'reply' | 'status' | null; error: string | null; field: 'body' | 'status' | null };

export const action = guarded(['compliance'], async ({ context, request, params }: Route.ActionArgs) => {
  const form = await request.formData();
  const intent = form.get('intent') === 'status' ? 'status' : 'reply';
  const api = userApi(context, request);
  const path = { id: params.caseId };
  try {
    if (intent === 'status') {
      const body = parseBody(WhistleStatusBody, { status: String(form.get('status') ?? '') });
      if (!body.ok) return data<ActionResult>({ done: null, error: 'form_invalid', field: 'status' }, 400);
      await api.call('putV2ComplianceWhistleblowingCasesByIdStatus', { path, body: body.data });
    } else {
      await api.call('postV2ComplianceWhistleblowingCasesByIdMessages', {
        path,
        body: { body: String(form.get('body') ?? '').trim() },
      });
    }
    return data<ActionResult>({ done: intent, error: null, field: null });
  } catch (error) {
    if (!isApiRequestError(error) || error.status >= 500) throw error;
    const field = intent === 'status' ? 'status' : 'body';
    const message =
      error.code === 'VALIDATION_ERROR' ? (field === 'body' ? 'form_required' : 'form_invalid') : error.message;
    return data<ActionResult>({ done: null, error: message, field }, error.status);
  }
});

export default function ComplianceCase() {
  const { t } = useTranslation();
  const { found } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const localePath = useLocalePath();
  const busy = navigation.state === 'submitting';
  const busyIntent = navigation.formData?.get('intent');
  return (
    <div className="flex max-w-3xl flex-col gap-8">
      <header className="flex flex-col gap-3">
        <Link to={localePath('/compliance')} className="self-start text-sm underline underline-offset-4">
          {t('compliance_back')}
        </Link>
        <h1 className="text-3xl font-bold tracking-tight">{t('whistle_case_title', { code: found.code })}</h1>
        <CaseFacts found={found} />
      </header>
      {result?.done && (
        <FormMessage tone="success">
          {t(result.done === 'reply' ? 'compliance_reply_sent' : 'compliance_status_saved')}
        </FormMessage>
      )}
      <CaseReport found={found} />
      <section aria-labelledby="case-status" className="flex flex-col gap-3">
        <h2 id="case-status" className="text-xl font-bold">
          {t('compliance_change_status')}
        </h2>
        {result?.error && result.field === 'status' && <FormMessage tone="error">{t(result.error)}</FormMessage>}
        <div className="flex flex-wrap items-end gap-3">
          {found.status === 'received' && (
            <Form method="post">
              <input type="hidden" name="intent" value="status" />
              <input type="hidden" name="status" value="acknowledged" />
              <button type="submit" className={buttonClass.primary} disabled={busy}>
                {t('compliance_acknowledge')}
              </button>
            </Form>
          )}
          <Form method="post" className="flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="status" />
            <div className="flex flex-col gap-1.5">
              <label htmlFor="case-status-select" className="text-sm font-medium text-neutral-800">
                {t('whistle_status')}
              </label>
              <select
                id="case-status-select"
                name="status"
                defaultValue={found.status === 'received' ? 'acknowledged' : found.status}
                key={found.status}
                className="rounded-lg border border-neutral-300 bg-white px-3 py-2.5"
              >
                {WHISTLE_STATUSES.filter((s) => s !== 'received').map((s) => (
                  <option key={s} value={s}>
                    {t(`whistle_status_${s}`)}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className={buttonClass.secondary} disabled={busy}>
              {t('compliance_save_status')}
            </button>
          </Form>
        </div>
      </section>
      <section aria-labelledby="case-thread" className="flex flex-col gap-3">
        <h2 id="case-thread" className="text-xl font-bold">
          {t('whistle_thread')}
        </h2>
        <Thread messages={found.messages} side="compliance" />
        {found.status === 'closed' ? (
          <FormMessage tone="info">{t('error_whistle_case_closed')}</FormMessage>
        ) : (
          <Form method="post" className="flex flex-col gap-3" noValidate key={found.messages.length}>
            <input type="hidden" name="intent" value="reply" />
            <TextArea
              label={t('compliance_reply')}
              name="body"
              required
              rows={5}
              maxLength={5000}
              error={result?.field === 'body' ? (result.error ?? undefined) : undefined}
            />
            <div>
              <SubmitButton busy={busy && busyIntent === 'reply'} busyLabel={t('vehicle_transfer_sending')}>
                {t('compliance_send_reply')}
              </SubmitButton>
            </div>
          </Form>
        )}
      </section>
    </div>
  );
}
