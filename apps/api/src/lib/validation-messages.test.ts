// Field errors reach a person in their language: every message a zod schema of the contracts, the API or the web
// carries is a catalog key (a literal English sentence fails here), and the API answers bad input with each field's
// message translated (issue 20).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CATALOGS, t } from '@varg/i18n/server';
import { describe, expect, it } from 'vitest';
import { useApi } from '../../test/helper.ts';
import { catalogKey, fieldError, issueText } from './validation-messages.ts';

const ROOT = join(import.meta.dirname, '../../../..');
/** Where zod schemas live; the API's environment settings (config.ts) are read by operators, not buyers. */
const SOURCES = ['packages/contracts/src', 'packages/domain/src', 'apps/api/src', 'apps/web/app'];
const NOT_SHOWN = new Set(['apps/api/src/config.ts']);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : files(path);
    return /\.tsx?$/.test(name) && !/\.(test|spec|d)\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The arguments of the call whose `(` is at `open`, split at top-level commas. */
function callArguments(text: string, open: number): string[] {
  const args: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let start = open + 1;
  for (let i = open; i < text.length; i++) {
    const c = text[i] as string;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === "'" || c === '"' || c === '`') quote = c;
    else if ('([{'.includes(c)) depth++;
    else if (')]}'.includes(c)) {
      depth--;
      if (depth === 0) {
        args.push(text.slice(start, i).trim());
        return args;
      }
    } else if (c === ',' && depth === 1) {
      args.push(text.slice(start, i).trim());
      start = i + 1;
    }
  }
  return args;
}

// A zod check with a message: `.refine(check, 'msg')`, `.min(1, { message: 'msg' })`, `.email('msg')`, addIssue.
const CHECK =
  /\.(refine|superRefine|min|max|length|regex|email|url|uuid|nonempty|startsWith|endsWith|includes|int|positive|nonnegative|gte|lte|gt|lt|multipleOf|addIssue)\(/g;
const LITERAL = /^(['"`])(.*)\1$/s;
const IN_OBJECT = /(?:message|error)\s*:\s*(['"`])(.*?)\1/gs;

/** Every literal message of a zod check in a file. */
function literalMessages(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(CHECK)) {
    const args = callArguments(text, (match.index ?? 0) + match[0].length - 1);
    const messageArgs = ['email', 'url', 'uuid', 'nonempty', 'int', 'positive', 'nonnegative', 'addIssue'].includes(
      match[1] as string,
    )
      ? args
      : args.slice(1);
    for (const arg of messageArgs) {
      const literal = LITERAL.exec(arg);
      if (literal) found.push(literal[2] as string);
      else if (arg.startsWith('{')) for (const m of arg.matchAll(IN_OBJECT)) found.push(m[2] as string);
    }
  }
  return found;
}

describe('field error messages', () => {
  it('every message a zod schema carries is a catalog key', () => {
    const sources = SOURCES.flatMap((dir) => files(join(ROOT, dir))).filter(
      (path) => !NOT_SHOWN.has(path.slice(ROOT.length + 1)),
    );
    expect(sources.length).toBeGreaterThan(300);
    const literals = sources.flatMap((path) =>
      literalMessages(readFileSync(path, 'utf8'))
        .filter((message) => !catalogKey(message))
        .map((message) => `${path.slice(ROOT.length + 1)}: ${message}`),
    );
    expect(literals).toEqual([]);
    // The scan finds an English message, so it is not a dead check.
    expect(literalMessages(".refine((v) => v.a, { message: 'A needs B' }).min(2, 'Too short')")).toEqual([
      'A needs B',
      'Too short',
    ]);
  });

  it('every zod issue reads as a catalog text', () => {
    for (const issue of [
      { keyword: 'invalid_type', message: 'Invalid input: expected string, received undefined' },
      { keyword: 'invalid_type', message: 'Invalid input: expected number, received string' },
      { keyword: 'too_small', params: { origin: 'string', minimum: 1 } },
      { keyword: 'too_small', params: { origin: 'string', minimum: 10 } },
      { keyword: 'too_big', params: { origin: 'string', maximum: 200 } },
      { keyword: 'too_small', params: { origin: 'number', minimum: 0 } },
      { keyword: 'too_big', params: { origin: 'int', maximum: 10 } },
      { keyword: 'too_small', params: { origin: 'array', minimum: 1 } },
      { keyword: 'too_big', params: { origin: 'array', maximum: 5 } },
      { keyword: 'invalid_format', params: { format: 'email' } },
      { keyword: 'invalid_format', params: { format: 'url' } },
      { keyword: 'invalid_format', params: { format: 'regex' } },
      { keyword: 'invalid_value', params: { values: ['a'] } },
      { keyword: 'unrecognized_keys', params: { keys: ['x'] } },
      { keyword: 'custom', message: 'validation_nothing_to_change' },
      { keyword: 'custom', message: 'Something in English' },
    ])
      expect(
        [issueText(issue).t_key, `${issueText(issue).t_key}_other`].some((k) => k in CATALOGS['en-us']),
        JSON.stringify(issue),
      ).toBe(true);
  });

  // Length limits are sentences with the count in the language's plural form (issue 20), not "Minimum length: 10".
  describe('length limits', () => {
    const COUNTS = [0, 1, 2, 5, 21, 22, 25];
    const min = (lang: Parameters<typeof fieldError>[0], minimum: number) =>
      fieldError(lang, 'body.message', { keyword: 'too_small', params: { origin: 'string', minimum } }).message;
    const max = (lang: Parameters<typeof fieldError>[0], maximum: number) =>
      fieldError(lang, 'body.message', { keyword: 'too_big', params: { origin: 'string', maximum } }).message;

    it('read as a native speaker counts', () => {
      expect(COUNTS.map((n) => max('pl', n))).toEqual([
        'Wpisz maksymalnie 0 znaków.',
        'Wpisz maksymalnie 1 znak.',
        'Wpisz maksymalnie 2 znaki.',
        'Wpisz maksymalnie 5 znaków.',
        'Wpisz maksymalnie 21 znaków.',
        'Wpisz maksymalnie 22 znaki.',
        'Wpisz maksymalnie 25 znaków.',
      ]);
      expect(COUNTS.map((n) => max('ru', n))).toEqual([
        'Используйте максимум 0 символов.',
        'Используйте максимум 1 символ.',
        'Используйте максимум 2 символа.',
        'Используйте максимум 5 символов.',
        'Используйте максимум 21 символ.',
        'Используйте максимум 22 символа.',
        'Используйте максимум 25 символов.',
      ]);
      expect(COUNTS.map((n) => max('cs', n))).toEqual([
        'Použijte nejvýše 0 znaků.',
        'Použijte nejvýše 1 znak.',
        'Použijte nejvýše 2 znaky.',
        'Použijte nejvýše 5 znaků.',
        'Použijte nejvýše 21 znaků.',
        'Použijte nejvýše 22 znaků.',
        'Použijte nejvýše 25 znaků.',
      ]);
      expect(COUNTS.map((n) => max('lv', n))).toEqual([
        'Izmantojiet ne vairāk kā 0 rakstzīmes.',
        'Izmantojiet ne vairāk kā 1 rakstzīmi.',
        'Izmantojiet ne vairāk kā 2 rakstzīmes.',
        'Izmantojiet ne vairāk kā 5 rakstzīmes.',
        'Izmantojiet ne vairāk kā 21 rakstzīmi.',
        'Izmantojiet ne vairāk kā 22 rakstzīmes.',
        'Izmantojiet ne vairāk kā 25 rakstzīmes.',
      ]);
      expect(COUNTS.map((n) => min('sl', n + 2))).toEqual([
        'Vnesite vsaj 2 znaka.',
        'Vnesite vsaj 3 znake.',
        'Vnesite vsaj 4 znake.',
        'Vnesite vsaj 7 znakov.',
        'Vnesite vsaj 23 znakov.',
        'Vnesite vsaj 24 znakov.',
        'Vnesite vsaj 27 znakov.',
      ]);
      expect(COUNTS.map((n) => min('hr', n + 2))).toEqual([
        'Unesite najmanje 2 znaka.',
        'Unesite najmanje 3 znaka.',
        'Unesite najmanje 4 znaka.',
        'Unesite najmanje 7 znakova.',
        'Unesite najmanje 23 znaka.',
        'Unesite najmanje 24 znaka.',
        'Unesite najmanje 27 znakova.',
      ]);
      expect(min('ro', 20)).toBe('Introduceți cel puțin 20 de caractere.');
      expect(min('ro', 2)).toBe('Introduceți cel puțin 2 caractere.');
      expect(min('en-us', 10)).toBe('Enter at least 10 characters.');
      expect(max('en-us', 1)).toBe('Use at most 1 character.');
      expect(min('de', 10)).toBe('Geben Sie mindestens 10 Zeichen ein.');
      // A minimum of one is "required"; an exact length reads as such.
      expect(min('en-us', 1)).toBe(t('en-us', 'form_required'));
      expect(
        fieldError('fr', 'body.code', { keyword: 'too_small', params: { origin: 'string', minimum: 3, exact: true } })
          .message,
      ).toBe('Saisissez exactement 3 caractères.');
    });

    it('write the count as the language does, and read the market variant', () => {
      expect(max('en-us', 3000)).toBe('Use at most 3,000 characters.');
      expect(max('de', 3000)).toBe('Verwenden Sie höchstens 3.000 Zeichen.');
      expect(max({ lang: 'es', country: 'AR' }, 80)).toBe('Usá como máximo 80 caracteres.');
      expect(max({ lang: 'pt', country: 'BR' }, 1)).toBe('Use no máximo 1 caractere.');
      expect(
        fieldError('pl', 'body.message', { keyword: 'too_big', params: { origin: 'string', maximum: 5 } }),
      ).toEqual({ path: 'body.message', message: 'Wpisz maksymalnie 5 znaków.', t_key: 'validation_max_length' });
    });
  });

  describe('in the API answer', () => {
    const ctx = useApi();
    const post = (lang: string, payload: unknown) =>
      ctx.app.inject({ method: 'POST', url: '/v1/contact', headers: { 'x-lang': lang }, payload: payload as object });

    it.each(['de', 'pl', 'es-MX'])('each field error is in the request language (%s)', async (lang) => {
      const res = await post(lang, { email: 'not-an-address', name: '', message: 'x'.repeat(5000), extra: 1 });
      expect(res.statusCode).toBe(400);
      const body = res.json() as { code: string; details: Array<{ path: string; message: string; t_key: string }> };
      expect(body.code).toBe('VALIDATION_ERROR');
      expect(body.details.length).toBeGreaterThan(0);
      const language = lang.slice(0, 2) as 'de' | 'pl' | 'es';
      for (const d of body.details) {
        // A counted message's key is its base (`validation_max_length`), whose forms are `_one`, `_other` …
        expect(d.t_key in CATALOGS[language] || `${d.t_key}_other` in CATALOGS[language], d.path).toBe(true);
        expect(d.message, d.path).not.toBe(CATALOGS['en-us'][d.t_key]);
        expect(d.message, d.path).not.toMatch(/expected|received|Invalid|Too (small|big)/);
      }
      const tooLong = body.details.find((d) => d.path === 'body.message');
      expect(tooLong?.t_key).toBe('validation_max_length');
      expect(tooLong?.message).toBe(
        t(lang === 'es-MX' ? { lang: 'es', country: 'MX' } : language, 'validation_max_length', { count: 3000 }),
      );
    });

    it('reads the market variant from ?lang=es&country=MX', async () => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/v1/user/sign-up?lang=es&country=MX',
        payload: { email: 'lucia@example.com', password: 'correct horse battery', name: 'Lucía', secondName: 'H' },
      });
      expect(res.json()).toMatchObject({
        t_key: 'auth_check_email',
        message: t({ lang: 'es', country: 'MX' }, 'auth_check_email'),
      });
      expect(res.json().message).not.toBe(t('es', 'auth_check_email'));
    });
  });
});
