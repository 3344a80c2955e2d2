import { type TextareaHTMLAttributes, useId } from 'react';
import { useTranslation } from '../../lib/i18n.ts';

/** A labelled textarea with its hint and error tied to it, as `Field` for inputs. */
export function TextArea({
  label,
  error,
  hint,
  ...input
}: TextareaHTMLAttributes<HTMLTextAreaElement> & {
  label: string;
  name: string;
  error?: string | undefined;
  hint?: string;
}) {
  const { t } = useTranslation();
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-neutral-800">
        {label}
      </label>
      <textarea
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
        className={`rounded-lg border bg-white px-3 py-2.5 text-neutral-900 outline-none focus:ring-2 focus:ring-neutral-900/20 ${
          error ? 'border-red-700 focus:border-red-700' : 'border-neutral-300 focus:border-neutral-900'
        }`}
        {...input}
      />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-neutral-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {t(error)}
        </p>
      )}
    </div>
  );
}

/** A labelled select with its error. */
export function Select({
  label,
  error,
  children,
  ...select
}: React.SelectHTMLAttributes<HTMLSelectElement> & { label: string; name: string; error?: string | undefined }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-neutral-800">
        {label}
      </label>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`rounded-lg border bg-white px-3 py-2.5 ${error ? 'border-red-700' : 'border-neutral-300'}`}
        {...select}
      >
        {children}
      </select>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {t(error)}
        </p>
      )}
    </div>
  );
}
