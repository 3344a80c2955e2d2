import { z } from 'zod';

/** The delivery states of an outgoing e-mail in the back office (decision 065). */
export const EMAIL_STATES = ['dead', 'waiting', 'sent'] as const;
export type EmailState = (typeof EMAIL_STATES)[number];

export const AdminEmailQuery = z.object({
  state: z.enum(EMAIL_STATES).default('dead').meta({
    description:
      'dead: given up after the last attempt; waiting: not sent yet (queued, or in the dev mailbox); sent: delivered',
  }),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** One outgoing e-mail as the back office lists it (decision 065). */
export const AdminEmail = z
  .object({
    id: z.string(),
    to: z.string(),
    subject: z.string(),
    lang: z.string(),
    attempts: z.number().int(),
    error: z.string().nullable(),
    createdAt: z.string(),
    sentAt: z.string().nullable(),
    deadAt: z.string().nullable(),
    nextAttemptAt: z.string().nullable(),
    order: z.object({ id: z.string(), number: z.number().int() }).nullable(),
  })
  .meta({ id: 'AdminEmail' });
export type AdminEmail = z.infer<typeof AdminEmail>;

export const AdminEmailPage = z
  .object({
    docs: z.array(AdminEmail),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
    /** Dead messages in all (whatever the state asked), for the page's "retry all" and the nav. */
    dead: z.number().int().min(0),
    /** Whether requeued messages are delivered (SMTP_URL set); without it the outbox is the dev mailbox. */
    delivering: z.boolean(),
  })
  .meta({ id: 'AdminEmailPage' });
