import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import { type FieldError, fieldErrorText } from '../lib/field-error.ts';
import { useTranslation } from '../lib/i18n.ts';

const controlClass = (error: boolean) =>
  `rounded-lg border bg-white px-3 py-2.5 text-neutral-900 outline-none focus:ring-2 focus:ring-neutral-900/20 ${
    error ? 'border-red-700 focus:border-red-700' : 'border-neutral-300 focus:border-neutral-900'
  }`;

/**
 * A label, a control, and its hint and error tied to it for screen readers: the one shape of `Field`, `TextArea` and
 * `Select`.
 */
function Labelled({
  label,
  error,
  hint,
  className = '',
  control,
}: {
  label: string;
  error: FieldError | undefined;
  hint: string | undefined;
  className?: string;
  control: (props: { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string; className: string }) => ReactNode;
}) {
  const { t, tag } = useTranslation();
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={`flex flex-col gap-1.5 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-neutral-800">
        {label}
      </label>
      {control({
        id,
        ...(error ? { 'aria-invalid': true as const } : {}),
        ...(described ? { 'aria-describedby': described } : {}),
        className: controlClass(!!error),
      })}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-neutral-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {fieldErrorText(t, tag, error)}
        </p>
      )}
    </div>
  );
}

interface Labels {
  label: string;
  name: string;
  /** A catalog key, or one with the limit it names (`FieldError`). */
  error?: FieldError | undefined;
  hint?: string;
}

/** A labelled input with its hint and error tied to it for screen readers. */
export function Field({ label, error, hint, className, ...input }: InputHTMLAttributes<HTMLInputElement> & Labels) {
  return (
    <Labelled
      label={label}
      error={error}
      hint={hint}
      {...(className ? { className } : {})}
      control={(props) => <input {...props} {...input} />}
    />
  );
}

/** A labelled textarea, as `Field`. */
export function TextArea({
  label,
  error,
  hint,
  className,
  ...input
}: TextareaHTMLAttributes<HTMLTextAreaElement> & Labels) {
  return (
    <Labelled
      label={label}
      error={error}
      hint={hint}
      {...(className ? { className } : {})}
      control={(props) => <textarea {...props} {...input} />}
    />
  );
}

/** A labelled select, as `Field`. */
export function Select({
  label,
  error,
  hint,
  className,
  children,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & Labels) {
  return (
    <Labelled
      label={label}
      error={error}
      hint={hint}
      {...(className ? { className } : {})}
      control={(props) => (
        <select {...props} {...select}>
          {children}
        </select>
      )}
    />
  );
}

/** A message above a form: the result of the last submit. */
export function FormMessage({ tone, children }: { tone: 'error' | 'success' | 'info'; children: ReactNode }) {
  const styles = {
    error: 'border-red-200 bg-red-50 text-red-800',
    success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
    info: 'border-neutral-200 bg-neutral-50 text-neutral-800',
  }[tone];
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`rounded-lg border px-4 py-3 text-sm ${styles}`}>
      {children}
    </div>
  );
}
