// The message of one field error in a validation answer (`details[]`), in the request's language. Zod's own messages
// are English and name types ("expected string, received undefined"); a person reads ours instead. A refinement of
// our schemas names its message by catalog key (`.refine(check, 'validation_nothing_to_change')`); any other message
// reads as the issue's kind (required, too short, not an e-mail address, …). validation-messages.test.ts keeps every
// refinement message of the contracts and the API a catalog key.
import { CATALOGS, type CatalogLocale, SOURCE_LANGUAGE, t } from '@varg/i18n/server';

/** What fastify-type-provider-zod passes for one zod issue. */
export interface ValidationIssue {
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

export interface IssueText {
  t_key: string;
  params?: Record<string, string | number>;
}

/** A refinement's message when it is a catalog key (`validation_nothing_to_change`), else null. */
export function catalogKey(message: unknown): string | null {
  return typeof message === 'string' &&
    /^[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/.test(message) &&
    message in CATALOGS[SOURCE_LANGUAGE]
    ? message
    : null;
}

const FORMAT_KEYS: Record<string, string> = {
  email: 'form_email_invalid',
  url: 'validation_url',
  date: 'form_date_invalid',
  datetime: 'form_date_invalid',
};

const bound = (value: unknown) => (typeof value === 'bigint' ? Number(value) : (value as number));

function sized(issue: ValidationIssue, side: 'min' | 'max'): IssueText {
  const p = issue.params ?? {};
  const limit = bound(side === 'min' ? p.minimum : p.maximum);
  if (p.origin === 'string') {
    if (side === 'min' && limit <= 1) return { t_key: 'form_required' };
    // A counted message ("Enter at least 10 characters."): the count picks the plural form of the language.
    return { t_key: p.exact ? 'validation_exact_length' : `validation_${side}_length`, params: { count: limit } };
  }
  if (p.origin === 'number' || p.origin === 'int' || p.origin === 'bigint')
    return { t_key: `validation_${side}_value`, params: { [side]: limit } };
  return { t_key: side === 'min' ? 'validation_too_few' : 'validation_too_many' };
}

/** The catalog key (and its parameters) of one zod issue. */
export function issueText(issue: ValidationIssue): IssueText {
  const own = catalogKey(issue.message);
  if (own) return { t_key: own };
  switch (issue.keyword) {
    case 'invalid_type':
      return /received undefined$/.test(issue.message ?? '') ? { t_key: 'form_required' } : { t_key: 'form_invalid' };
    case 'too_small':
      return sized(issue, 'min');
    case 'too_big':
      return sized(issue, 'max');
    case 'invalid_format':
      return { t_key: FORMAT_KEYS[String(issue.params?.format)] ?? 'form_invalid' };
    case 'invalid_value':
      return { t_key: 'validation_option' };
    case 'unrecognized_keys':
      return { t_key: 'validation_unknown_field' };
    default:
      return { t_key: 'form_invalid' };
  }
}

/** One field error of a validation answer: its path, the message in the reader's language and its key. */
export function fieldError(locale: CatalogLocale, path: string, issue: ValidationIssue) {
  const text = issueText(issue);
  // A count stays a number (it picks the plural form, and t() writes it by Intl); other numbers are formatted here.
  const params = text.params
    ? Object.fromEntries(
        Object.entries(text.params).map(([k, v]) => [
          k,
          typeof v === 'number' && k !== 'count'
            ? new Intl.NumberFormat(typeof locale === 'string' ? locale : locale.lang).format(v)
            : v,
        ]),
      )
    : undefined;
  return { path, message: t(locale, text.t_key, params), t_key: text.t_key };
}
