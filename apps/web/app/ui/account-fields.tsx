import type { FieldError } from '../lib/field-error.ts';
import { useTranslation } from '../lib/i18n.ts';
import { buttonClass } from './button.ts';
import { Field } from './field.tsx';

type Errors = Record<string, FieldError | undefined>;

/** The e-mail field of every account form. */
export function EmailField({ value, error }: { value?: string | undefined; error?: FieldError | undefined }) {
  const { t } = useTranslation();
  return (
    <Field
      label={t('auth_email')}
      name="email"
      type="email"
      autoComplete="email"
      required
      defaultValue={value}
      error={error}
    />
  );
}

/** A new password, with the length rule said up front. */
export function NewPasswordField({
  name = 'password',
  label,
  error,
}: {
  name?: string;
  label?: string;
  error?: FieldError | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Field
      label={label ?? t('auth_password')}
      name={name}
      type="password"
      autoComplete="new-password"
      required
      minLength={10}
      hint={t('auth_password_hint')}
      error={error}
    />
  );
}

/**
 * Name, surname, e-mail and phone: sign-up and profile ask the same. The profile leaves the e-mail out (`email={false}`):
 * it changes in its own form, with the password and a confirmation from the new address.
 */
export function PersonFields({
  values,
  errors,
  email = true,
}: {
  values: Record<string, string | undefined>;
  errors: Errors;
  email?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label={t('auth_first_name')}
          name="name"
          autoComplete="given-name"
          required
          defaultValue={values.name}
          error={errors.name}
        />
        <Field
          label={t('auth_last_name')}
          name="secondName"
          autoComplete="family-name"
          defaultValue={values.secondName}
          error={errors.secondName}
        />
      </div>
      {email && <EmailField value={values.email} error={errors.email} />}
      <Field
        label={t('auth_phone')}
        name="phone"
        type="tel"
        autoComplete="tel"
        defaultValue={values.phone}
        error={errors.phone}
      />
    </>
  );
}

/** A form's submit button that says it is working while the form is being sent. */
export function SubmitButton({
  busy,
  busyLabel,
  children,
  wide = false,
  name,
  value,
}: {
  busy: boolean;
  busyLabel?: string;
  children: React.ReactNode;
  wide?: boolean;
  name?: string;
  value?: string;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="submit"
      name={name}
      value={value}
      className={`${buttonClass.primary} ${wide ? 'w-full' : 'self-start'}`}
      disabled={busy}
    >
      {busy ? (busyLabel ?? t('loading')) : children}
    </button>
  );
}
