import { DISTANCE_UNITS, TAX_DISPLAYS, WEIGHT_UNITS } from '@varg/domain';
import { z } from 'zod';

export const CountryCode = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'form_invalid')
  .transform((s) => s.toUpperCase());

export const Language = z
  .object({
    code: z.string().meta({ example: 'de' }),
    name: z.string().meta({ example: 'German' }),
    nativeName: z.string().meta({ example: 'Deutsch' }),
    status: z.number().int().meta({ description: '1 = active' }),
    isDefault: z.boolean(),
  })
  .meta({ id: 'Language' });
export type Language = z.infer<typeof Language>;

export const Country = z
  .object({
    _id: z.string(),
    code: z.string().meta({ example: 'DE' }),
    name: z.string().meta({ example: 'Germany' }),
    language: Language,
    status: z.number().int().meta({ description: '1 = active; any other value is inactive' }),
    currency: z.object({ code: z.string(), symbol: z.string() }),
    isDefault: z.boolean(),
    shouldVerifyCompanyTaxes: z.boolean(),
    distanceUnit: z.enum(DISTANCE_UNITS),
    weightUnit: z.enum(WEIGHT_UNITS),
    taxDisplay: z.enum(TAX_DISPLAYS).meta({
      description: 'Whether B2C prices are shown including VAT or before sales tax',
    }),
    vatPercentage: z.number().meta({ description: 'Standard VAT rate, percent' }),
  })
  .meta({ id: 'Country' });
export type Country = z.infer<typeof Country>;

export const CountryListQuery = z.object({
  status: z.coerce.number().int().min(0).max(1).optional().meta({ description: '1 = only active countries' }),
  limit: z.coerce.number().int().min(1).max(300).default(300),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  sort: z.enum(['name', '-name', 'code', '-code']).default('name'),
});
export type CountryListQuery = z.infer<typeof CountryListQuery>;

export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    docs: z.array(item),
    totalDocs: z.number().int(),
    limit: z.number().int(),
    page: z.number().int(),
    totalPages: z.number().int(),
    hasNextPage: z.boolean(),
    hasPrevPage: z.boolean(),
    nextPage: z.number().int().nullable(),
    prevPage: z.number().int().nullable(),
  });
}

export const CountryList = paginated(Country).meta({ id: 'CountryList' });
export type CountryList = z.infer<typeof CountryList>;

export const CountryByIp = z
  .object({
    ip: z.string(),
    /** The active market matching the visitor's IP, or null when unknown or not sold to. */
    country: Country.nullable(),
  })
  .meta({ id: 'CountryByIp' });
export type CountryByIp = z.infer<typeof CountryByIp>;

export const LanguageListQuery = z.object({
  status: z.coerce.number().int().min(0).max(1).optional(),
});
export const LanguageList = z.object({ docs: z.array(Language) }).meta({ id: 'LanguageList' });

export const CountryParams = z.object({ code: CountryCode });
export const LanguageParams = z.object({
  code: z
    .string()
    .regex(/^[A-Za-z]{2}(-[A-Za-z]{2})?$/, 'form_invalid')
    .transform((s) => s.toLowerCase()),
});
