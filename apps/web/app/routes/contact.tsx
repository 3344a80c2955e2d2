import { localizedPath, marketingHandover } from '@varg/domain';
import { data, Form, redirect, useActionData, useLoaderData, useNavigation, useSearchParams } from 'react-router';
import { z } from 'zod';
import { isApiRequestError } from '../lib/api.ts';
import { userApi } from '../lib/auth.server.ts';
import { localeContext, servicesContext } from '../lib/context.ts';
import { captchaOf, type FieldErrors, parseForm } from '../lib/forms.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { SubmitButton } from '../ui/account-fields.tsx';
import { CaptchaField } from '../ui/captcha.tsx';
import { Field, FormMessage, Select, TextArea } from '../ui/field.tsx';
import type { Route } from './+types/contact';

// Contact (spec section 2 route name "contact"; decision 022): a topic, an optional order reference and a message,
// e-mailed to the team's queue for the topic and confirmed to the sender. With MARKETING_SITE_URL the marketing site has it.

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'contact_title', { descriptionKey: 'contact_intro', index: true });

export const TOPICS = ['order', 'product', 'service', 'dealer', 'press', 'other'] as const;
const FIELDS = ['topic', 'orderReference', 'name', 'email', 'message'] as const;
const ContactForm = z.object({
  topic: z.enum(TOPICS),
  orderReference: z.string().trim().max(40).default(''),
  name: z.string().trim().min(1).max(120),
  email: z.email().max(254),
  message: z.string().trim().min(10).max(3000),
});

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const handover = marketingHandover(context.get(servicesContext).config.marketingSiteUrl, url.pathname, url.search);
  if (handover) throw redirect(handover, 302);
  const topic = url.searchParams.get('topic') ?? '';
  return { topic: (TOPICS as readonly string[]).includes(topic) ? topic : 'product' };
}

type ActionResult = { errors: FieldErrors; error: string | null; values: Record<string, string> };

export async function action({ request, context }: Route.ActionArgs) {
  const locale = context.get(localeContext);
  const parsed = await parseForm(request, ContactForm, FIELDS);
  const values = Object.fromEntries(FIELDS.map((f) => [f, String(parsed.form.get(f) ?? '')]));
  if (!parsed.ok) {
    // A message typed but too short says how long it must be ("Enter at least 10 characters.").
    return data<ActionResult>({ errors: parsed.errors, error: null, values }, 400);
  }
  try {
    await userApi(context, request).call('postContact', {
      query: { country: locale.country },
      body: { ...parsed.data, ...captchaOf(parsed.form) },
    });
  } catch (error) {
    if (!isApiRequestError(error) || error.status >= 500) throw error;
    return data<ActionResult>({ errors: {}, error: error.message, values }, error.status);
  }
  throw redirect(localizedPath(locale, '/contact?sent=1'));
}

export default function Contact() {
  const { t } = useTranslation();
  const { topic } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const values = result?.values ?? {};
  const errors = result?.errors ?? {};
  if (params.get('sent') === '1') {
    return (
      <main id="main" className="mx-auto flex w-full max-w-2xl flex-col gap-4 px-4 py-16">
        <h1 className="text-3xl font-bold tracking-tight">{t('contact_sent_title')}</h1>
        <FormMessage tone="success">{t('contact_sent_text')}</FormMessage>
      </main>
    );
  }
  return (
    <main id="main" className="mx-auto flex w-full max-w-2xl flex-col gap-8 px-4 py-12">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('contact_title')}</h1>
        <p className="text-neutral-700">{t('contact_intro')}</p>
      </header>
      {result?.error && <FormMessage tone="error">{result.error}</FormMessage>}
      <Form method="post" className="flex flex-col gap-5" noValidate>
        <Select label={t('contact_topic')} name="topic" defaultValue={values.topic || topic}>
          {TOPICS.map((k) => (
            <option key={k} value={k}>
              {t(`contact_topic_${k}`)}
            </option>
          ))}
        </Select>
        <Field
          label={t('contact_order_reference')}
          hint={t('contact_order_reference_hint')}
          name="orderReference"
          maxLength={40}
          defaultValue={values.orderReference}
          error={errors.orderReference}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label={t('contact_name')}
            name="name"
            autoComplete="name"
            required
            maxLength={120}
            defaultValue={values.name}
            error={errors.name}
          />
          <Field
            label={t('test_ride_email')}
            name="email"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            defaultValue={values.email}
            error={errors.email}
          />
        </div>
        <TextArea
          label={t('contact_message')}
          name="message"
          rows={6}
          required
          maxLength={3000}
          defaultValue={values.message}
          error={errors.message}
        />
        <CaptchaField action="contact" />
        <div>
          <SubmitButton busy={navigation.state === 'submitting'} busyLabel={t('vehicle_transfer_sending')}>
            {t('contact_submit')}
          </SubmitButton>
        </div>
      </Form>
    </main>
  );
}
