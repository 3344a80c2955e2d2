import { data } from 'react-router';
import { isApiRequestError } from '../../lib/api.ts';
import { listParams } from './list-params.ts';

/** The model statuses the back office offers, with their label keys (decision 041). */
export const MODEL_STATUS_KEYS = {
  active: 'admin_catalogue_status_active',
  hidden: 'admin_catalogue_status_hidden',
  draft: 'admin_catalogue_status_draft',
} as const;

export const MODEL_STATUSES = ['active', 'hidden', 'draft'] as const;
type Status = (typeof MODEL_STATUSES)[number];
const SORTS = ['name', 'status', 'sort'] as const;

/** The models list's API query from the page's address (the page and its CSV export). */
export function modelsQuery(url: URL) {
  const { sort, status, ...rest } = listParams(url, ['status']);
  return {
    ...rest,
    ...(SORTS.includes(sort as never) ? { sort: sort as (typeof SORTS)[number] } : {}),
    ...(MODEL_STATUSES.includes(status as Status) ? { status: status as Status } : {}),
  };
}

/**
 * An amount typed in major units ("490", "490.50", "490,50") as integer minor units (every price list has 2
 * decimals, decision 009); null when it is not a number with at most two decimals. Negative only when `signed`.
 */
export function minorOf(value: FormDataEntryValue | null, signed = false): number | null {
  const text = String(value ?? '')
    .trim()
    .replace(/\s/g, '')
    .replace(',', '.');
  const pattern = signed ? /^-?\d{1,8}(\.\d{1,2})?$/ : /^\d{1,8}(\.\d{1,2})?$/;
  if (!pattern.test(text)) return null;
  return Math.round(Number(text) * 100);
}

/** Minor units as the major-unit text a form shows ("490.00"). */
export const majorOf = (minor: number) => (minor / 100).toFixed(2);

/**
 * An API refusal as the page's answer: the translated message with the status, and the typed values so the form
 * keeps them. Anything else (a 5xx, a bug) is thrown to the error page.
 */
export function refusal(error: unknown, values: Record<string, string> = {}, intent = '') {
  if (!isApiRequestError(error) || error.status >= 500) throw error;
  return data({ ok: false as const, intent, error: error.message, values }, error.status);
}

/** The submitted form's fields as strings (what the form shows again after a refusal). */
export const valuesOf = (form: FormData) =>
  Object.fromEntries([...form.entries()].map(([k, v]) => [k, typeof v === 'string' ? v : ''])) as Record<
    string,
    string
  >;
