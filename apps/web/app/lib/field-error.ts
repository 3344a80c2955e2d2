import { formatCount } from '@varg/i18n';
import type { z } from 'zod';
import type { TFunction } from './i18n.ts';

/**
 * One field's error: a catalog key, or a key with the limit the value broke — `count` for a length in characters
 * (it picks the plural form: "Use at most 80 characters."), `min`/`max` for a number ("The largest allowed value is
 * 5."). Plain JSON, so an action's answer carries it to the page.
 */
export type FieldError = string | { key: string; count?: number; min?: number; max?: number };

/** A form's field errors, by field name. */
export type FieldErrors = Record<string, FieldError>;

type SizeIssue = z.core.$ZodIssueTooSmall | z.core.$ZodIssueTooBig;

/** A value too short, too long, too small or too big, said with the limit (the API says the same: decision 037). */
function sizeError(issue: SizeIssue, empty: boolean): FieldError {
  const min = issue.code === 'too_small';
  const limit = Number(min ? issue.minimum : issue.maximum);
  switch (issue.origin) {
    case 'string':
      // An empty field is missing, whatever its minimum; a typed one too short says how long it must be.
      if (min && (empty || limit <= 1)) return 'form_required';
      if (issue.exact) return { key: 'validation_exact_length', count: limit };
      return min ? { key: 'validation_min_length', count: limit } : { key: 'validation_max_length', count: limit };
    case 'number':
    case 'int':
    case 'bigint':
      // `.positive()` is `> 0`: no "smallest allowed value" to name.
      if (issue.inclusive === false) return 'form_invalid';
      return min ? { key: 'validation_min_value', min: limit } : { key: 'validation_max_value', max: limit };
    case 'array':
    case 'set':
      return min ? 'validation_too_few' : 'validation_too_many';
    default:
      return 'form_invalid';
  }
}

/** The error of one zod issue; `value` is what was sent for the issue's path. */
export function fieldErrorOf(issue: z.core.$ZodIssue, value?: unknown): FieldError {
  // A schema's own message is a catalog key (`.refine(check, 'validation_nothing_to_change')`): its precise reason.
  if (/^[a-z]+(?:_[a-z0-9]+)+$/.test(issue.message)) return issue.message;
  if (issue.code === 'too_small' || issue.code === 'too_big')
    return sizeError(issue, value === undefined || (typeof value === 'string' && value.trim() === ''));
  if (issue.code === 'invalid_format' && issue.format === 'email') return 'form_email_invalid';
  if (issue.code === 'invalid_format' && issue.format === 'date') return 'form_date_invalid';
  if (issue.code === 'invalid_type' && issue.input === undefined) return 'form_required';
  return 'form_invalid';
}

/** The catalog key of a field error (to tell one kind from another). */
export function fieldErrorKey(error: FieldError | undefined): string | undefined {
  return typeof error === 'object' ? error.key : error;
}

/**
 * A field error in the reader's language: the count as `t` writes it (Intl, and the plural form it picks), a number's
 * limit written by Intl in the language of `tag` ("10.000" in de).
 */
export function fieldErrorText(t: TFunction, tag: string, error: FieldError): string {
  if (typeof error === 'string') return t(error);
  const { key, count, min, max } = error;
  return t(key, {
    ...(count === undefined ? {} : { count }),
    ...(min === undefined ? {} : { min: formatCount(tag, min) }),
    ...(max === undefined ? {} : { max: formatCount(tag, max) }),
  });
}
