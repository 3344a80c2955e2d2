import { WhistleCredentials, WhistleMessageBody, type WhistleReporterCase } from '@varg/contracts';
import { localeTag } from '@varg/domain';
import { data, Form, Link, useActionData, useNavigation } from 'react-router';
import { Thread } from '../features/whistleblowing/thread.tsx';
import { isApiRequestError } from '../lib/api.ts';
import { localeContext, servicesContext } from '../lib/context.ts';
import { formatUtcDateTime } from '../lib/format.ts';
import { type FieldError, type FieldErrors, parseForm } from '../lib/forms.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocale, useLocalePath } from '../lib/use-locale.ts';
import { SubmitButton } from '../ui/account-fields.tsx';
import { Field, FormMessage, TextArea } from '../ui/field.tsx';
import type { Route } from './+types/whistleblowing-case';

// Following a whistleblowing report up (decision 023): the case code and the secret are posted (never in a URL); the
// reporter reads the compliance team's answers and adds information. Nothing is kept between requests: every post
// carries the code and the secret again.

// A private page (decision 029): the server logs no request of it (page, `.data` or form post), relays its API calls
// unlogged and leaves the visitor's session alone.
export const handle = { privacy: true };

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'whistle_follow_heading', { descriptionKey: 'whistle_follow_intro' });

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

const OpenForm = WhistleCredentials;
const MessageForm = WhistleCredentials.extend(WhistleMessageBody.shape);

type ActionResult =
  | { ok: true; case: WhistleReporterCase; code: string; secret: string; sent: boolean; bodyError?: FieldError }
  | { ok: false; errors: FieldErrors; error: string | null; values: Record<string, string>; case?: undefined };

export async function action({ request, context }: Route.ActionArgs) {
  const intent = (await request.clone().formData()).get('intent') === 'message' ? 'message' : 'open';
  const fields = intent === 'message' ? (['code', 'secret', 'body'] as const) : (['code', 'secret'] as const);
  const parsed = await parseForm(request, intent === 'message' ? MessageForm : OpenForm, fields);
  const values = Object.fromEntries(fields.map((f) => [f, String(parsed.form.get(f) ?? '')]));
  const api = context.get(servicesContext).api;
  const lang = context.get(localeContext).lang;
  if (!parsed.ok) {
    const credentials = OpenForm.safeParse(values);
    if (intent !== 'message' || !credentials.success || !parsed.errors.body) {
      return data<ActionResult>({ ok: false, errors: parsed.errors, error: null, values }, 400);
    }
    // Only the message was wrong: the case stays open, with the error on its field.
    try {
      const found = await api.call('postV2WhistleblowingCase', { body: credentials.data }, { lang });
      return data<ActionResult>(
        { ok: true, case: found, ...credentials.data, sent: false, bodyError: parsed.errors.body },
        400,
      );
    } catch (error) {
      if (!isApiRequestError(error) || error.status >= 500) throw error;
      return data<ActionResult>({ ok: false, errors: {}, error: error.message, values }, error.status);
    }
  }
  const { code, secret } = parsed.data;
  try {
    const found =
      intent === 'message' && 'body' in parsed.data
        ? await api.call(
            'postV2WhistleblowingCaseMessages',
            { body: { code, secret, body: String(parsed.data.body) } },
            { lang },
          )
        : await api.call('postV2WhistleblowingCase', { body: { code, secret } }, { lang });
    return data<ActionResult>({ ok: true, case: found, code, secret, sent: intent === 'message' });
  } catch (error) {
    if (!isApiRequestError(error) || error.status >= 500) throw error;
    return data<ActionResult>({ ok: false, errors: {}, error: error.message, values }, error.status);
  }
}

export default function WhistleblowingCase() {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const localePath = useLocalePath();
  const tag = localeTag(useLocale());
  const busy = navigation.state === 'submitting';
  if (result?.ok) {
    const found = result.case;
    return (
      <main id="main" className="mx-auto flex w-full max-w-2xl flex-col gap-8 px-4 py-12">
        <header className="flex flex-col gap-2">
          <h1 className="text-3xl font-bold tracking-tight" tabIndex={-1} ref={(el) => el?.focus()}>
            {t('whistle_case_title', { code: found.code })}
          </h1>
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-medium text-neutral-700">{t('whistle_status')}</dt>
            <dd data-testid="whistle-status">{t(`whistle_status_${found.status}`)}</dd>
            <dt className="font-medium text-neutral-700">{t('whistle_category')}</dt>
            <dd>{t(`whistle_category_${found.category}`)}</dd>
            <dt className="font-medium text-neutral-700">{t('whistle_received_at')}</dt>
            <dd>{formatUtcDateTime(found.receivedAt, tag)}</dd>
            {found.acknowledgedAt && (
              <>
                <dt className="font-medium text-neutral-700">{t('compliance_acknowledged_at')}</dt>
                <dd>{formatUtcDateTime(found.acknowledgedAt, tag)}</dd>
              </>
            )}
          </dl>
        </header>
        {result.sent && <FormMessage tone="success">{t('whistle_message_sent')}</FormMessage>}
        <section aria-labelledby="whistle-your-report" className="flex flex-col gap-2">
          <h2 id="whistle-your-report" className="text-xl font-bold">
            {t('whistle_your_report')}
          </h2>
          <p className="whitespace-pre-wrap break-words rounded-2xl border border-neutral-200 bg-white p-4">
            {found.description}
          </p>
        </section>
        <section aria-labelledby="whistle-thread" className="flex flex-col gap-3">
          <h2 id="whistle-thread" className="text-xl font-bold">
            {t('whistle_thread')}
          </h2>
          <Thread messages={found.messages} side="reporter" />
        </section>
        {found.status === 'closed' ? (
          <FormMessage tone="info">{t('whistle_closed_note')}</FormMessage>
        ) : (
          <Form method="post" className="flex flex-col gap-3" noValidate>
            <input type="hidden" name="intent" value="message" />
            <input type="hidden" name="code" value={result.code} />
            <input type="hidden" name="secret" value={result.secret} />
            <TextArea
              label={t('whistle_add_message')}
              name="body"
              required
              rows={4}
              maxLength={5000}
              error={result.bodyError}
            />
            <div>
              <SubmitButton busy={busy} busyLabel={t('vehicle_transfer_sending')}>
                {t('whistle_send_message')}
              </SubmitButton>
            </div>
          </Form>
        )}
        <Link to={localePath('/whistleblowing-channel')} className="self-start text-sm underline underline-offset-4">
          {t('whistle_title')}
        </Link>
      </main>
    );
  }
  const values = result?.values ?? {};
  const errors = result?.errors ?? {};
  return (
    <main id="main" className="mx-auto flex w-full max-w-2xl flex-col gap-8 px-4 py-12">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('whistle_follow_heading')}</h1>
        <p className="text-neutral-700">{t('whistle_follow_intro')}</p>
      </header>
      {result?.error && <FormMessage tone="error">{result.error}</FormMessage>}
      <Form method="post" className="flex flex-col gap-4" noValidate autoComplete="off">
        <input type="hidden" name="intent" value="open" />
        <Field
          label={t('whistle_code')}
          name="code"
          required
          maxLength={40}
          placeholder="WB-XXXX-XXXX"
          defaultValue={values.code}
          error={errors.code}
          spellCheck={false}
          autoCapitalize="characters"
        />
        <Field
          label={t('whistle_secret')}
          name="secret"
          type="password"
          required
          maxLength={80}
          error={errors.secret}
          spellCheck={false}
        />
        <div>
          <SubmitButton busy={busy} busyLabel={t('vehicle_transfer_sending')}>
            {t('whistle_open')}
          </SubmitButton>
        </div>
      </Form>
      <Link to={localePath('/whistleblowing-channel')} className="self-start text-sm underline underline-offset-4">
        {t('whistle_report_heading')}
      </Link>
    </main>
  );
}
