import { z } from 'zod';

// Becoming a dealer (spec sections 4, 5, 7 "POST dealer"; docs/decisions/020-dealer-applications.md).

const text = (max: number) => z.string().trim().min(1).max(max);

export const DealerApplicationBody = z.object({
  companyName: text(120),
  vatId: z.string().trim().min(4).max(20).meta({ description: 'The company’s VAT id, checked with the VAT provider' }),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .transform((c) => c.toUpperCase()),
  storeName: text(120),
  line1: text(200),
  line2: z.string().trim().max(200).default(''),
  postalCode: text(16),
  city: text(100),
  phone: z.string().trim().min(5).max(32),
  expectedYearlyVolume: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000)
    .meta({ description: 'Bikes a year the store expects to sell' }),
  message: z.string().trim().max(2000).default(''),
  captcha: z.string().max(4000).optional(),
});
export type DealerApplicationBody = z.infer<typeof DealerApplicationBody>;

export const DealerApplicationStatus = z.enum(['none', 'pending', 'approved', 'rejected']);

export const DealerApplicationState = z
  .object({
    status: DealerApplicationStatus.meta({
      description:
        'none: no dealer record; pending (status 0); approved (status 1); rejected (status 2, with the reason)',
    }),
    allowed: z
      .boolean()
      .meta({ description: 'Whether the caller may apply (neither dealer nor lead dealer, no record)' }),
    storeName: z.string().nullable(),
    appliedAt: z.string().nullable(),
    rejectionReason: z.string().nullable(),
  })
  .meta({ id: 'DealerApplicationState' });
export type DealerApplicationState = z.infer<typeof DealerApplicationState>;

export const DealerApplication = z
  .object({
    _id: z.string(),
    status: DealerApplicationStatus,
    user: z.object({ _id: z.string(), email: z.string(), name: z.string(), lang: z.string(), country: z.string() }),
    companyName: z.string(),
    vatId: z.string(),
    storeName: z.string(),
    address: z.string(),
    phone: z.string(),
    expectedYearlyVolume: z.number().int().nullable(),
    message: z.string(),
    appliedAt: z.string().nullable(),
  })
  .meta({ id: 'DealerApplication' });
export type DealerApplication = z.infer<typeof DealerApplication>;

export const DealerApproval = z.object({
  groupName: text(60),
  labourRate: z.coerce.number().int().min(0).max(100_000).meta({ description: 'Minor units per hour' }),
  reimbursement: z.coerce
    .number()
    .int()
    .min(0)
    .max(1_000_000)
    .meta({ description: 'Assembly reimbursement, minor units' }),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/)
    .transform((c) => c.toUpperCase()),
  documentFee: z.coerce
    .number()
    .int()
    .min(0)
    .max(1_000_000)
    .meta({ description: 'Marketplace document fee, minor units' }),
  margin: z.coerce.number().min(0).max(100).meta({ description: 'Marketplace margin, percent' }),
});
export type DealerApproval = z.infer<typeof DealerApproval>;

export const DealerRejection = z.object({ reason: text(1000) });
