// The whistleblowing report: the form (category, what happened, optional contact) and the receipt shown once after it
// was sent (case code and secret, with copy buttons, and when the receipt is acknowledged at the latest).
import type { WhistleReceipt } from '@varg/contracts';
import { WHISTLE_CATEGORIES } from '@varg/domain';
import { Form, Link, useNavigation } from 'react-router';
import type { FieldError } from '../../lib/field-error.ts';
import { formatUtcDay, useLocaleTag } from '../../lib/format.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useLocalePath } from '../../lib/use-locale.ts';
import { SubmitButton } from '../../ui/account-fields.tsx';
import { CaptchaField } from '../../ui/captcha.tsx';
import { Field, FormMessage, Select, TextArea } from '../../ui/field.tsx';
import { CopyButton } from './copy-button.tsx';

export function ReportReceipt({ receipt }: { receipt: WhistleReceipt }) {
  const { t } = useTranslation();
  const tag = useLocaleTag();
  const localePath = useLocalePath();
  return (
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
            <code data-testid="whistle-code" className="rounded-lg bg-white px-3 py-2 font-mono text-lg tracking-wider">
              {receipt.code}
            </code>
            <CopyButton value={receipt.code} label={t('whistle_copy_code')} />
          </dd>
        </div>
        <div className="flex flex-col gap-1">
          <dt className="text-sm font-medium text-neutral-800">{t('whistle_secret')}</dt>
          <dd className="flex flex-wrap items-center gap-3">
            <code
              data-testid="whistle-secret"
              className="rounded-lg bg-white px-3 py-2 font-mono text-base tracking-wider sm:text-lg"
            >
              {receipt.secret}
            </code>
            <CopyButton value={receipt.secret} label={t('whistle_copy_secret')} />
          </dd>
        </div>
      </dl>
      <p className="text-sm text-neutral-800">
        {t('whistle_ack_due', { date: formatUtcDay(receipt.acknowledgementDue, tag) })}
      </p>
      <Link
        to={localePath('/whistleblowing-channel/case')}
        className="self-start text-sm font-semibold underline underline-offset-4"
      >
        {t('whistle_follow_heading')}
      </Link>
    </section>
  );
}

export function ReportFields({
  values,
  errors,
  error,
}: {
  values: Record<string, string | undefined>;
  errors: Record<string, FieldError | undefined>;
  error: string | null;
}) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  return (
    <section aria-labelledby="whistle-report" className="flex flex-col gap-4">
      <h2 id="whistle-report" className="text-xl font-bold">
        {t('whistle_report_heading')}
      </h2>
      {error && <FormMessage tone="error">{error}</FormMessage>}
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
          <Field label={t('whistle_when')} name="when" maxLength={200} defaultValue={values.when} error={errors.when} />
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
  );
}
