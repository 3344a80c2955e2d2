import { WhistleContact, type WhistleReceipt, WhistleReportBody } from '@varg/contracts';
import { localeTag, WHISTLE_CATEGORIES } from '@varg/domain';
import { useEffect } from 'react';
import { data, Form, Link, useActionData, useNavigation } from 'react-router';
import { z } from 'zod';
import { CopyButton } from '../features/whistleblowing/copy-button.tsx';
import { formatDay } from '../features/whistleblowing/thread.tsx';
import { isApiRequestError } from '../lib/api.ts';
import { localeContext, servicesContext } from '../lib/context.ts';
import { captchaOf, type FieldErrors, parseForm } from '../lib/forms.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocale, useLocalePath } from '../lib/use-locale.ts';
import { SubmitButton } from '../ui/account-fields.tsx';
import { CaptchaField } from '../ui/captcha.tsx';
import { Field, FormMessage, Select, TextArea } from '../ui/field.tsx';
import type { Route } from './+types/whistleblowing-channel';

// The whistleblowing channel (EU Directive 2019/1937; decision 023): anyone reports without an account and gets a case
// code and a secret, shown once on this answer (never in a URL); the follow-up is /whistleblowing-channel/case.

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'whistle_title', { descriptionKey: 'whistle_intro' });

// A private page (decision 029): the server logs no request of it (page, `.data` or form post), relays its API calls
// unlogged and leaves the visitor's session alone.
export const handle = { privacy: true };

// The answer may hold a secret: nobody keeps a copy.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

const FIELDS = ['category', 'description', 'when', 'where', 'people', 'name', 'email', 'phone'] as const;
const ReportForm = z.object({
  category: WhistleReportBody.shape.category,
  description: WhistleReportBody.shape.description,
  when: WhistleReportBody.shape.when,
  where: WhistleReportBody.shape.where,
  people: WhistleReportBody.shape.people,
  ...WhistleContact.shape,
});

type ActionResult =
  | { ok: true; receipt: WhistleReceipt }
  | { ok: false; errors: FieldErrors; error: string | null; values: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = await parseForm(request, ReportForm, FIELDS);
  const values = Object.fromEntries(FIELDS.map((f) => [f, String(parsed.form.get(f) ?? '')]));
  if (!parsed.ok) {
    const errors = { ...parsed.errors };
    // Typed, but too short to act on.
    if (errors.description === 'form_required' && values.description?.trim())
      errors.description = 'whistle_description_short';
    // No category chosen (zod reports a value outside the list).
    if (errors.category && !values.category) errors.category = 'form_required';
    return data<ActionResult>({ ok: false, errors, error: null, values }, 400);
  }
  const { name, email, phone, ...report } = parsed.data;
  try {
    // No access token: a report is never linked to an account, even a signed-in one.
    const receipt = await context.get(servicesContext).api.call(
      'postV2WhistleblowingReports',
      {
        body: {
          ...report,
          ...(name || email || phone ? { contact: { name, email, phone } } : {}),
          ...captchaOf(parsed.form),
        },
      },
      { lang: context.get(localeContext).lang },
    );
    return data<ActionResult>({ ok: true, receipt });
  } catch (error) {
    if (!isApiRequestError(error) || error.status >= 500) throw error;
    return data<ActionResult>({ ok: false, errors: {}, error: error.message, values }, error.status);
  }
}

export default function WhistleblowingChannel() {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const localePath = useLocalePath();
  const tag = localeTag(useLocale());
  const failed = result && !result.ok ? result : null;
  const values = failed?.values ?? {};
  const errors = failed?.errors ?? {};
  // After a refused submit, the first field with an error takes the focus.
  useEffect(() => {
    if (failed) document.querySelector<HTMLElement>('#main [aria-invalid="true"]')?.focus();
  }, [failed]);
  return (
    <main id="main" className="mx-auto flex w-full max-w-2xl flex-col gap-8 px-4 py-12">
      <header className="flex flex-col gap-3">
        <h1 className="text-3xl font-bold tracking-tight">{t('whistle_title')}</h1>
        <p className="text-neutral-700">{t('whistle_intro')}</p>
        <p className="text-sm text-neutral-700">{t('whistle_privacy')}</p>
      </header>
      {result?.ok ? (
        <section
          aria-labelledby="whistle-sent"
          className="flex flex-col gap-5 rounded-2xl border border-emerald-200 bg-emerald-50 p-6"
        >
          <h2 id="whistle-sent" className="text-xl font-bold" tabIndex={-1} ref={(el) => el?.focus()}>
            {t('whistle_sent_title')}
          </h2>
          <p role="alert" className="font-semibold text-emerald-950">
            {t('whistle_sent_text')}
          </p>
          <dl className="flex flex-col gap-4">
            <div className="flex flex-col gap-1">
              <dt className="text-sm font-medium text-neutral-800">{t('whistle_code')}</dt>
              <dd className="flex flex-wrap items-center gap-3">
                <code
                  data-testid="whistle-code"
                  className="rounded-lg bg-white px-3 py-2 font-mono text-lg tracking-wider"
                >
                  {result.receipt.code}
                </code>
                <CopyButton value={result.receipt.code} label={t('whistle_copy_code')} />
              </dd>
            </div>
            <div className="flex flex-col gap-1">
              <dt className="text-sm font-medium text-neutral-800">{t('whistle_secret')}</dt>
              <dd className="flex flex-wrap items-center gap-3">
                <code
                  data-testid="whistle-secret"
                  className="rounded-lg bg-white px-3 py-2 font-mono text-base tracking-wider sm:text-lg"
                >
                  {result.receipt.secret}
                </code>
                <CopyButton value={result.receipt.secret} label={t('whistle_copy_secret')} />
              </dd>
            </div>
          </dl>
          <p className="text-sm text-neutral-800">
            {t('whistle_ack_due', { date: formatDay(result.receipt.acknowledgementDue, tag) })}
          </p>
          <Link
            to={localePath('/whistleblowing-channel/case')}
            className="self-start text-sm font-semibold underline underline-offset-4"
          >
            {t('whistle_follow_heading')}
          </Link>
        </section>
      ) : (
        <section aria-labelledby="whistle-report" className="flex flex-col gap-4">
          <h2 id="whistle-report" className="text-xl font-bold">
            {t('whistle_report_heading')}
          </h2>
          {failed?.error && <FormMessage tone="error">{failed.error}</FormMessage>}
          <Form method="post" className="flex flex-col gap-5" noValidate>
            <Select
              label={t('whistle_category')}
              name="category"
              required
              defaultValue={values.category ?? ''}
              error={errors.category}
            >
              <option value="">{t('whistle_category_choose')}</option>
              {WHISTLE_CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {t(`whistle_category_${c}`)}
                </option>
              ))}
            </Select>
            <TextArea
              label={t('whistle_description')}
              name="description"
              required
              rows={7}
              minLength={20}
              maxLength={10_000}
              defaultValue={values.description}
              hint={t('whistle_description_hint')}
              error={errors.description}
            />
            <div className="grid gap-4 sm:grid-cols-2">
              <Field
                label={t('whistle_when')}
                name="when"
                maxLength={200}
                defaultValue={values.when}
                error={errors.when}
              />
              <Field
                label={t('whistle_where')}
                name="where"
                maxLength={200}
                defaultValue={values.where}
                error={errors.where}
              />
            </div>
            <TextArea
              label={t('whistle_people')}
              name="people"
              rows={2}
              maxLength={1000}
              defaultValue={values.people}
              error={errors.people}
            />
            <fieldset className="flex flex-col gap-4 rounded-2xl border border-neutral-200 p-4">
              <legend className="px-1 font-semibold">{t('whistle_contact_legend')}</legend>
              <p className="text-sm text-neutral-700">{t('whistle_contact_hint')}</p>
              <Field
                label={t('whistle_contact_name')}
                name="name"
                maxLength={120}
                autoComplete="off"
                defaultValue={values.name}
                error={errors.name}
              />
              <div className="grid gap-4 sm:grid-cols-2">
                <Field
                  label={t('whistle_contact_email')}
                  name="email"
                  type="email"
                  maxLength={254}
                  autoComplete="off"
                  defaultValue={values.email}
                  error={errors.email}
                />
                <Field
                  label={t('whistle_contact_phone')}
                  name="phone"
                  type="tel"
                  maxLength={32}
                  autoComplete="off"
                  defaultValue={values.phone}
                  error={errors.phone}
                />
              </div>
            </fieldset>
            <CaptchaField action="whistleblowing" />
            <div>
              <SubmitButton busy={navigation.state === 'submitting'} busyLabel={t('vehicle_transfer_sending')}>
                {t('whistle_submit')}
              </SubmitButton>
            </div>
          </Form>
        </section>
      )}
      <section aria-labelledby="whistle-follow" className="flex flex-col gap-2 border-t border-neutral-200 pt-6">
        <h2 id="whistle-follow" className="text-xl font-bold">
          {t('whistle_follow_heading')}
        </h2>
        <p className="text-neutral-700">{t('whistle_follow_intro')}</p>
        <Link
          to={localePath('/whistleblowing-channel/case')}
          className="self-start text-sm font-semibold underline underline-offset-4"
        >
          {t('whistle_open_case_link')}
        </Link>
      </section>
    </main>
  );
}
