import { type AdminEmail, EMAIL_STATES, type EmailState } from '@varg/contracts';
import { localeTag } from '@varg/domain';
import { data, Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from 'react-router';
import { type Column, DataTable } from '../features/admin/data-table.tsx';
import { listParams } from '../features/admin/list-params.ts';
import { ConfirmStep } from '../features/admin/staff/confirm-step.tsx';
import { isApiRequestError } from '../lib/api.ts';
import { userApi } from '../lib/auth.server.ts';
import { formatUtcDateTime } from '../lib/format.ts';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocale, useLocalePath } from '../lib/use-locale.ts';
import { buttonClass } from '../ui/button.ts';
import { FormMessage } from '../ui/field.tsx';
import type { Route } from './+types/admin-emails';

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'admin_nav_emails');

const stateOf = (value: string | null | undefined): EmailState =>
  (EMAIL_STATES as readonly string[]).includes(value ?? '') ? (value as EmailState) : 'dead';

/** The outbox by delivery state (issue 23 item 2, decision 065): dead letters are sent again from here. */
export const loader = guarded(['admin'], async ({ context, request }: Route.LoaderArgs) => {
  const url = new URL(request.url);
  const { page, pageSize } = listParams(url);
  const state = stateOf(url.searchParams.get('state'));
  const list = await userApi(context, request).call('getAdminEmails', {
    query: { state, page, limit: Math.min(pageSize, 200) },
  });
  return { ...list, state };
});

export const action = guarded(['admin'], async ({ context, request }: Route.ActionArgs) => {
  const form = await request.formData();
  const intent = form.get('intent') === 'retry-all' ? 'retry-all' : 'retry';
  const api = userApi(context, request);
  try {
    if (intent === 'retry-all') {
      if (form.get('confirmed') !== '1') return { intent, confirm: true as const, ok: false as const, error: null };
      await api.call('postAdminEmailsRetryDead');
    } else {
      await api.call('postAdminEmailsByIdRetry', { path: { id: String(form.get('id') ?? '') } });
    }
    return { intent, confirm: false as const, ok: true as const, error: null };
  } catch (error) {
    if (!isApiRequestError(error) || error.status >= 500) throw error;
    return data({ intent, confirm: false as const, ok: false as const, error: error.message }, error.status);
  }
});

function When({ email, tag }: { email: AdminEmail; tag: string }) {
  const at = email.sentAt ?? email.deadAt ?? email.nextAttemptAt;
  return at ? formatUtcDateTime(at, tag) : '—';
}

export default function AdminEmails() {
  const { t } = useTranslation();
  const list = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const [params] = useSearchParams();
  const localePath = useLocalePath();
  const tag = localeTag(useLocale());
  const whenLabel = {
    dead: 'admin_emails_dead_at',
    waiting: 'admin_emails_next_attempt',
    sent: 'admin_emails_sent_at',
  };
  const columns: Column<AdminEmail>[] = [
    { key: 'createdAt', label: t('admin_emails_created'), render: (e) => formatUtcDateTime(e.createdAt, tag) },
    { key: 'to', label: t('admin_emails_to'), render: (e) => <span className="break-all">{e.to}</span> },
    { key: 'subject', label: t('admin_emails_subject'), render: (e) => e.subject },
    {
      key: 'order',
      label: t('admin_emails_order'),
      render: (e) =>
        e.order ? (
          <Link to={localePath(`/admin/orders/${e.order.id}`)} className="underline underline-offset-2">
            {e.order.number}
          </Link>
        ) : (
          '—'
        ),
    },
    { key: 'lang', label: t('admin_emails_language'), render: (e) => e.lang },
    { key: 'attempts', label: t('admin_emails_attempts'), numeric: true, render: (e) => e.attempts },
    {
      key: 'error',
      label: t('admin_emails_error'),
      render: (e) => <span className="block max-w-xs break-words text-red-800">{e.error ?? '—'}</span>,
    },
    { key: 'when', label: t(whenLabel[list.state]), render: (e) => <When email={e} tag={tag} /> },
  ];
  if (list.state !== 'sent')
    columns.push({
      key: 'retry',
      label: t('admin_emails_retry'),
      render: (e) => (
        <Form method="post">
          <input type="hidden" name="id" value={e.id} />
          <button type="submit" name="intent" value="retry" className={buttonClass.secondary} disabled={busy}>
            {t('admin_emails_retry')}
            <span className="sr-only">: {e.subject}</span>
          </button>
        </Form>
      ),
    });
  const tab = (state: EmailState) => {
    const next = new URLSearchParams(params);
    next.set('state', state);
    next.delete('page');
    return `?${next.toString()}`;
  };
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">{t('admin_nav_emails')}</h1>
        {list.dead > 0 && !result?.confirm && (
          <Form method="post">
            <button type="submit" name="intent" value="retry-all" className={buttonClass.primary} disabled={busy}>
              {t('admin_emails_retry_all')}
            </button>
          </Form>
        )}
      </div>
      <p className="max-w-3xl text-neutral-700">{t('admin_emails_intro')}</p>
      {!list.delivering && <FormMessage tone="info">{t('admin_emails_no_delivery')}</FormMessage>}
      {result?.confirm && (
        <ConfirmStep
          question={t('admin_emails_retry_all_confirm')}
          fields={{ intent: 'retry-all' }}
          confirmLabel={t('admin_emails_retry_all')}
          cancelLabel={t('admin_staff_cancel')}
        />
      )}
      {result?.ok && (
        <FormMessage tone="success">
          {t(result.intent === 'retry-all' ? 'admin_emails_retried_all' : 'admin_emails_retried')}
        </FormMessage>
      )}
      {result?.error && <FormMessage tone="error">{result.error}</FormMessage>}
      <nav aria-label={t('admin_emails_state')}>
        <ul className="flex flex-wrap gap-2">
          {EMAIL_STATES.map((state) => (
            <li key={state}>
              <Link
                to={tab(state)}
                aria-current={state === list.state ? 'page' : undefined}
                className={state === list.state ? buttonClass.primary : buttonClass.secondary}
              >
                {t(`admin_emails_state_${state}`)}
                {state === 'dead' ? ` (${list.dead})` : ''}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <DataTable
        caption={`${t('admin_nav_emails')}: ${t(`admin_emails_state_${list.state}`)}`}
        columns={columns}
        rows={list.docs}
        rowKey={(e) => e.id}
        total={list.total}
        page={list.page}
        pageSize={list.pageSize}
        empty={t('admin_emails_empty')}
      />
    </div>
  );
}
