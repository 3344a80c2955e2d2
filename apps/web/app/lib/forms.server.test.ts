import { AdminDealerTermsBody } from '@varg/contracts';
import { CATALOGS } from '@varg/i18n/server';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldErrorText } from './field-error.ts';
import { parseBody, readForm } from './forms.server.ts';
import { createT } from './i18n.ts';

const Form = z.object({
  name: z.string().trim().min(1).max(80),
  message: z.string().trim().min(10).max(3000),
  code: z.string().length(4).optional(),
  password: z.string().min(10).optional(),
  tags: z.array(z.string()).max(2).optional(),
  from: z
    .string()
    .refine((v) => v !== 'x', 'validation_nothing_to_change')
    .optional(),
});

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};
const FIELDS = ['name', 'message', 'code', 'password', 'from'];
const errorsOf = (fields: Record<string, string>) => {
  const read = readForm(form(fields), Form, FIELDS);
  return read.ok ? {} : read.errors;
};

describe('a form read through its schema', () => {
  it('says how long a value may be, with the count, when it is too long, too short or not the exact length', () => {
    expect(errorsOf({ name: 'N'.repeat(81), message: 'Short', code: '12345', password: 'secret' })).toEqual({
      name: { key: 'validation_max_length', count: 80 },
      message: { key: 'validation_min_length', count: 10 },
      code: { key: 'validation_exact_length', count: 4 },
      password: { key: 'validation_min_length', count: 10 },
    });
  });

  it('calls an empty field missing, whatever its minimum, and keeps a schema’s own message key', () => {
    expect(errorsOf({ message: '', from: 'x' })).toEqual({
      name: 'form_required',
      message: 'form_required',
      from: 'validation_nothing_to_change',
    });
    // Spaces only: trimmed, nothing is left to be long enough.
    expect(errorsOf({ name: '   ', message: '     ' })).toEqual({ name: 'form_required', message: 'form_required' });
    expect(parseBody(Form, { name: 'Ann', message: '' })).toEqual({ ok: false, errors: { message: 'form_required' } });
  });

  it('says a number’s limit as a number, never in characters; a list’s as a number of entries', () => {
    const terms = {
      groupName: 'G',
      leadDealer: false,
      margin: '5',
      documentFee: '0',
      labourRate: '0',
      currency: 'EUR',
    };
    const read = parseBody(AdminDealerTermsBody, {
      ...terms,
      maxDiscountBp: 20_000,
      margin: '101',
      status: 'approved',
    });
    expect(read.ok ? {} : read.errors).toMatchObject({
      maxDiscountBp: { key: 'validation_max_value', max: 10_000 },
      margin: { key: 'validation_max_value', max: 100 },
    });
    const low = parseBody(z.object({ quantity: z.number().int().min(1) }), { quantity: 0 });
    expect(low).toEqual({ ok: false, errors: { quantity: { key: 'validation_min_value', min: 1 } } });
    const list = parseBody(Form, { name: 'Ann', message: 'A long enough message', tags: ['a', 'b', 'c'] });
    expect(list).toEqual({ ok: false, errors: { tags: 'validation_too_many' } });
  });

  it('reads as the language’s sentence with the number (its plural form, its digits)', () => {
    const pl = createT('pl-PL', CATALOGS.pl);
    const de = createT('de-DE', CATALOGS.de);
    expect(fieldErrorText(pl, 'pl-PL', { key: 'validation_max_length', count: 80 })).toBe(
      'Wpisz maksymalnie 80 znaków.',
    );
    expect(fieldErrorText(pl, 'pl-PL', { key: 'validation_max_length', count: 3 })).toBe('Wpisz maksymalnie 3 znaki.');
    expect(fieldErrorText(de, 'de-DE', { key: 'validation_max_value', max: 10_000 })).toBe(
      'Der größte zulässige Wert ist 10.000.',
    );
    expect(fieldErrorText(de, 'de-DE', 'form_required')).toBe(CATALOGS.de.form_required);
  });
});
