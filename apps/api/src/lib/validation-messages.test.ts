// Field errors reach a person in their language: every message a zod schema of the contracts, the API or the web
// carries is a catalog key (a literal English sentence fails here), and the API answers bad input with each field's
// message translated (issue 20).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CATALOGS, t } from '@varg/i18n/server';
import { describe, expect, it } from 'vitest';
import { useApi } from '../../test/helper.ts';
import { catalogKey, issueText } from './validation-messages.ts';

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
      expect(CATALOGS['en-us'], JSON.stringify(issue)).toHaveProperty(issueText(issue).t_key);
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
        expect(CATALOGS[language], d.path).toHaveProperty(d.t_key);
        expect(d.message, d.path).not.toBe(CATALOGS['en-us'][d.t_key]);
        expect(d.message, d.path).not.toMatch(/expected|received|Invalid|Too (small|big)/);
      }
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
