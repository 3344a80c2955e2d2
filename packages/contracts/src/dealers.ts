import { z } from 'zod';
import { formNumber } from './form-number.ts';

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
  expectedYearlyVolume: formNumber(z.number().int().min(1).max(10_000)).meta({
    description: 'Bikes a year the store expects to sell',
  }),
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
  labourRate: formNumber(z.number().int().min(0).max(100_000)).meta({ description: 'Minor units per hour' }),
  reimbursement: formNumber(z.number().int().min(0).max(1_000_000)).meta({
    description: 'Assembly reimbursement, minor units',
  }),
  currency: z
    .string()
    .regex(/^[A-Za-z]{3}$/)
    .transform((c) => c.toUpperCase()),
  documentFee: formNumber(z.number().int().min(0).max(1_000_000)).meta({
    description: 'Marketplace document fee, minor units',
  }),
  margin: formNumber(z.number().min(0).max(100)).meta({ description: 'Marketplace margin, percent' }),
});
export type DealerApproval = z.infer<typeof DealerApproval>;

export const DealerRejection = z.object({ reason: text(1000) });

// The dealer's profile (spec section 7: PUT dealer/{id}/info; docs/decisions/025-dealer-orders.md): one section or
// more per call.

const Phone = z.string().trim().min(5).max(32);
const Email = z.email().max(200);
const Line = (max: number) => z.string().trim().max(max);

export const DealerAddressInput = z.object({
  line1: text(200),
  line2: Line(200).default(''),
  postalCode: text(16),
  city: text(100),
  state: Line(100).default(''),
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/)
    .transform((c) => c.toUpperCase()),
});

export const DealerInfoBody = z
  .object({
    storeInfo: z
      .object({
        storeName: text(120),
        formattedAddress: text(300),
        location: z
          .object({
            type: z.literal('Point').default('Point'),
            coordinates: z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]),
          })
          .meta({ description: 'GeoJSON point: [longitude, latitude]' }),
      })
      .optional(),
    contactInfo: z.object({ phone: Phone, dealerSupportEmail: Email }).optional(),
    companyInfo: z
      .object({
        companyId: z.string().trim().min(4).max(20).meta({ description: 'VAT id, checked with the VAT provider' }),
        companyName: text(120),
        companyOwnerName: text(120),
        phone: Phone,
        email: z
          .array(Email)
          .min(1)
          .max(5)
          .meta({ description: 'Invoices go to these addresses (the dealer record shows them joined by commas)' }),
        address: DealerAddressInput,
      })
      .optional(),
    shippingInfo: z
      .object({
        firstName: text(80),
        lastName: text(80),
        phone: Phone,
        email: Email,
        address: DealerAddressInput,
      })
      .optional(),
  })
  .refine((b) => b.storeInfo || b.contactInfo || b.companyInfo || b.shippingInfo, {
    message: 'validation_nothing_to_change',
  });
export type DealerInfoBody = z.infer<typeof DealerInfoBody>;
