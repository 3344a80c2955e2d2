import { UI_LANGUAGES } from '@varg/domain';
import { z } from 'zod';

export const LEGAL_KINDS = ['sale', 'privacy', 'cookies', 'imprint'] as const;
export type LegalKind = (typeof LEGAL_KINDS)[number];

/** One version of a legal document (decision 047). */
export const LegalDocumentView = z
  .object({
    id: z.string(),
    kind: z.enum(LEGAL_KINDS),
    country: z.string().meta({ description: 'The market it is written for, or `*` for every market without its own' }),
    lang: z.string(),
    version: z.number().int().min(1),
    title: z.string(),
    body: z.string().meta({ description: 'Plain text: paragraphs separated by a blank line; `## ` starts a heading' }),
    publishedAt: z.string(),
  })
  .meta({ id: 'LegalDocument' });
export type LegalDocumentView = z.infer<typeof LegalDocumentView>;

/** A new version as an administrator publishes it. */
export const LegalPublish = z.object({
  kind: z.enum(LEGAL_KINDS),
  country: z
    .string()
    .regex(/^([A-Z]{2}|\*)$/)
    .default('*')
    .meta({ description: 'Upper-case country code, or `*` for the default of every market' }),
  lang: z.enum(UI_LANGUAGES),
  title: z.string().trim().min(1).max(200),
  body: z.string().trim().min(1).max(50_000),
});
export type LegalPublish = z.infer<typeof LegalPublish>;
