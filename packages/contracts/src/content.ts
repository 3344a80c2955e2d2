import { UI_LANGUAGES } from '@varg/domain';
import { z } from 'zod';

export const BANNER_TONES = ['info', 'warning', 'success'] as const;

/** A banner as a visitor gets it: its text already in the visitor's language. */
export const VisibleBanner = z
  .object({
    id: z.string(),
    tone: z.enum(BANNER_TONES),
    text: z.string(),
    linkUrl: z.string().nullable(),
  })
  .meta({ id: 'VisibleBanner' });
export type VisibleBanner = z.infer<typeof VisibleBanner>;

const Texts = z
  .partialRecord(z.enum(UI_LANGUAGES), z.string().trim().max(300))
  .refine((texts) => !!texts['en-us']?.length, { message: 'validation_english_required', path: ['en-us'] })
  .meta({
    description:
      'The text per UI language (at most 300 characters); `en-us` is required and used where a language has none',
  });

/** An internal path (`/store`) or an https address; nothing else (no `javascript:`, no protocol-relative `//`). */
const LinkUrl = z
  .string()
  .trim()
  .max(500)
  .refine((url) => (url.startsWith('/') && !url.startsWith('//')) || /^https:\/\/[^\s]+$/.test(url), {
    message: 'validation_link',
  });

/** What an administrator writes (create and replace). */
export const BannerInput = z
  .object({
    tone: z.enum(BANNER_TONES).default('info'),
    texts: Texts,
    linkUrl: LinkUrl.nullable().default(null),
    countries: z
      .array(z.string().regex(/^[A-Z]{2}$/))
      .max(300)
      .default([])
      .meta({ description: 'Country codes (upper case); empty: every market' }),
    languages: z
      .array(z.enum(UI_LANGUAGES))
      .max(UI_LANGUAGES.length)
      .default([])
      .meta({ description: 'UI languages; empty: every language' }),
    startsAt: z.iso.datetime({ offset: true }),
    endsAt: z.iso.datetime({ offset: true }).nullable().default(null),
    active: z.boolean().default(true),
  })
  .meta({ description: 'A site banner as an administrator writes it' });
export type BannerInput = z.infer<typeof BannerInput>;

/** A banner as the back office shows it. */
export const Banner = z
  .object({
    id: z.string(),
    tone: z.enum(BANNER_TONES),
    texts: z.record(z.string(), z.string()),
    linkUrl: z.string().nullable(),
    countries: z.array(z.string()),
    languages: z.array(z.string()),
    startsAt: z.string(),
    endsAt: z.string().nullable(),
    active: z.boolean(),
    /** `scheduled` (starts later), `live`, `ended` or `paused`, at the time of the answer. */
    state: z.enum(['scheduled', 'live', 'ended', 'paused']),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Banner' });
export type Banner = z.infer<typeof Banner>;
