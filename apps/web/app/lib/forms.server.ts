import type { z } from 'zod';
import { type FieldErrors, fieldErrorOf } from './field-error.ts';

export type { FieldError, FieldErrors } from './field-error.ts';

/** The value at a path of what was parsed (`['address', 'city']`), or undefined. */
function valueAt(values: unknown, path: readonly PropertyKey[]): unknown {
  let value = values;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * Reads a posted form through the same zod schema the API uses, so the browser and the API agree on every rule.
 * Empty optional fields are left out.
 */
export async function parseForm<S extends z.ZodType>(
  request: Request,
  schema: S,
  fields: readonly string[],
): Promise<{ ok: true; data: z.infer<S>; form: FormData } | { ok: false; errors: FieldErrors; form: FormData }> {
  const form = await request.formData();
  return { ...readForm(form, schema, fields), form };
}

/**
 * The named fields of a form read through a zod schema (empty fields left out): the typed values, or each bad field's
 * error as a translation key. Features map the values to an operation's body with it, never with a cast.
 */
export function readForm<S extends z.ZodType>(
  form: FormData,
  schema: S,
  fields: readonly string[],
): { ok: true; data: z.infer<S> } | { ok: false; errors: FieldErrors } {
  const input: Record<string, string> = {};
  for (const name of fields) {
    const value = form.get(name);
    if (typeof value === 'string' && value !== '') input[name] = value;
  }
  return parseBody(schema, input);
}

/** The captcha token a form sent (`CaptchaField`), for the API call; nothing when the field is empty. */
export function captchaOf(form: FormData): { captcha?: string } {
  const value = form.get('captcha');
  return typeof value === 'string' && value && value.length <= 4000 ? { captcha: value } : {};
}

/**
 * Values read from a form, checked by an operation's body schema from `@varg/contracts` (the one the API validates
 * with): the typed body to send, or each bad field's error as a translation key. A page answers a bad form with a
 * 400 and its translated message instead of casting the values to the body type.
 */
export function parseBody<S extends z.ZodType>(
  schema: S,
  values: unknown,
): { ok: true; data: z.infer<S> } | { ok: false; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= fieldErrorOf(issue, valueAt(values, issue.path));
  }
  return { ok: false, errors };
}
