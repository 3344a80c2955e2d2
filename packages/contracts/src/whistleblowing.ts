import { WHISTLE_CATEGORIES, WHISTLE_STATUSES } from '@varg/domain';
import { z } from 'zod';

// The whistleblowing channel (docs/decisions/023-whistleblowing.md).

export const WhistleCategory = z
  .enum(WHISTLE_CATEGORIES)
  .meta({ description: 'The category of concern; its label is the translation key `whistle_category_<value>`' });
export const WhistleStatus = z
  .enum(WHISTLE_STATUSES)
  .meta({ description: 'received → acknowledged → in_progress → closed' });

const text = (max: number) => z.string().trim().max(max);
const optionalText = (max: number) => text(max).default('');

/** The reporter's contact details: each optional, given only when the reporter chooses to. */
export const WhistleContact = z.object({
  name: optionalText(120),
  email: z.union([z.literal(''), z.email().max(254)]).default(''),
  phone: z
    .union([
      z.literal(''),
      z
        .string()
        .trim()
        .regex(/^\+?[\d\s()/.-]{5,32}$/, 'error_phone_invalid'),
    ])
    .default(''),
});
export type WhistleContact = z.infer<typeof WhistleContact>;

export const WhistleReportBody = z
  .object({
    category: WhistleCategory,
    description: text(10_000).min(20).meta({ description: 'What happened (20 to 10,000 characters)' }),
    when: optionalText(200).meta({ description: 'When it happened, in the reporter’s words' }),
    where: optionalText(200).meta({ description: 'Where it happened' }),
    people: optionalText(1000).meta({ description: 'People involved' }),
    contact: WhistleContact.optional().meta({
      description: 'Only when the reporter chooses to be contacted; leave out to stay anonymous',
    }),
    captcha: z
      .string()
      .max(4000)
      .optional()
      .meta({ description: 'reCAPTCHA Enterprise token, action `whistleblowing`' }),
  })
  .meta({ id: 'WhistleReportBody' });
export type WhistleReportBody = z.infer<typeof WhistleReportBody>;

export const WhistleCredentials = z
  .object({
    code: z.string().trim().min(1).max(40).meta({ description: 'The case code, `WB-XXXX-XXXX`' }),
    secret: z.string().trim().min(1).max(80).meta({ description: 'The secret shown once when the report was sent' }),
  })
  .meta({ id: 'WhistleCredentials' });
export type WhistleCredentials = z.infer<typeof WhistleCredentials>;

export const WhistleReceipt = z
  .object({
    code: z.string().meta({ description: 'The case code' }),
    secret: z.string().meta({ description: 'Shown this once; only a slow hash of it is stored' }),
    receivedAt: z.string(),
    acknowledgementDue: z.string(),
  })
  .meta({ id: 'WhistleReceipt' });
export type WhistleReceipt = z.infer<typeof WhistleReceipt>;

export const WhistleMessage = z
  .object({
    _id: z.string(),
    author: z.enum(['reporter', 'compliance']),
    body: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'WhistleMessage' });
export type WhistleMessage = z.infer<typeof WhistleMessage>;

export const WhistleMessageBody = z.object({ body: text(5000).min(1) });

/** What the reporter reads with the code and the secret: their report, the status and the thread. */
export const WhistleReporterCase = z
  .object({
    code: z.string(),
    category: WhistleCategory,
    status: WhistleStatus,
    receivedAt: z.string(),
    acknowledgedAt: z.string().nullable(),
    description: z.string(),
    messages: z.array(WhistleMessage),
  })
  .meta({ id: 'WhistleReporterCase' });
export type WhistleReporterCase = z.infer<typeof WhistleReporterCase>;

export const WhistleCaseSummary = z
  .object({
    _id: z.uuid(),
    code: z.string(),
    category: WhistleCategory,
    status: WhistleStatus,
    receivedAt: z.string(),
    acknowledgementDue: z.string(),
    acknowledgedAt: z.string().nullable(),
    acknowledgementOverdue: z.boolean(),
    feedbackDue: z.string(),
    feedbackOverdue: z.boolean(),
    firstAnswerAt: z.string().nullable(),
    closedAt: z.string().nullable(),
    messageCount: z.number().int(),
    lastReporterMessageAt: z.string().nullable(),
  })
  .meta({ id: 'WhistleCaseSummary' });
export type WhistleCaseSummary = z.infer<typeof WhistleCaseSummary>;

export const WhistleCase = WhistleCaseSummary.extend({
  description: z.string(),
  when: z.string(),
  where: z.string(),
  people: z.string(),
  contact: WhistleContact.nullable(),
  messages: z.array(
    WhistleMessage.extend({ authorName: z.string().nullable().meta({ description: 'The compliance officer' }) }),
  ),
  acknowledgedBy: z.string().nullable(),
}).meta({ id: 'WhistleCase' });
export type WhistleCase = z.infer<typeof WhistleCase>;

export const WhistleStatusBody = z.object({ status: WhistleStatus });
export const WhistleCaseQuery = z.object({ status: WhistleStatus.optional() });
