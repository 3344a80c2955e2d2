import { WhistleContact, type WhistleReceipt, WhistleReportBody } from '@varg/contracts';
import { useEffect } from 'react';
import { data, Link, useActionData } from 'react-router';
import { z } from 'zod';
import { ReportFields, ReportReceipt } from '../features/whistleblowing/report.tsx';
import { isApiRequestError } from '../lib/api.ts';
import { localeContext, servicesContext } from '../lib/context.ts';
import { captchaOf, type FieldErrors, parseForm } from '../lib/forms.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocalePath } from '../lib/use-locale.ts';
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
    // A description typed but too short to act on says how long it must be (the schema's minimum).
    const errors = { ...parsed.errors };
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
  const localePath = useLocalePath();
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
        <ReportReceipt receipt={result.receipt} />
      ) : (
        <ReportFields values={values} errors={errors} error={failed?.error ?? null} />
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
