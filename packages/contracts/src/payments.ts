// Payments (spec sections 3, 4 and 7; docs/decisions/017-payments.md): one attempt of the ledger, as the API answers it.
import { PAYMENT_KINDS, PAYMENT_METHODS, PAYMENT_STATUSES } from '@varg/domain';
import { z } from 'zod';

export const BankTransferInstructions = z
  .object({
    type: z.enum(['iban', 'sort_code', 'aba']),
    amountRemaining: z.number().int(),
    currency: z.string(),
    reference: z.string(),
    accountHolder: z.string(),
    bankName: z.string().nullable(),
    iban: z.string().nullable(),
    bic: z.string().nullable(),
    sortCode: z.string().nullable(),
    accountNumber: z.string().nullable(),
    routingNumber: z.string().nullable(),
    hostedUrl: z.string().nullable(),
  })
  .meta({ id: 'BankTransferInstructions' });

export const Payment = z
  .object({
    _id: z.string(),
    orderId: z.string().nullable().meta({ description: 'null while the attempt belongs to a cart not yet ordered' }),
    kind: z.string(),
    method: z.string(),
    status: z.enum(PAYMENT_STATUSES),
    amount: z.number().int(),
    refunded: z.number().int(),
    currency: z.string(),
    provider: z.string(),
    failureCode: z.string().nullable(),
    actionUrl: z
      .string()
      .nullable()
      .meta({ description: 'REQUIRES_ACTION: where the buyer completes 3-D Secure, Klarna, a wallet or the lender' }),
    instructions: BankTransferInstructions.nullable().meta({
      description: 'PROCESSING bank transfer: where to send the money',
    }),
    clientSecret: z
      .string()
      .nullable()
      .optional()
      .meta({ description: "For the browser's payment element (Stripe); only in the answer that created the attempt" }),
    createdAt: z.string(),
  })
  .meta({ id: 'Payment' });

/** A saved card (spec: received as id, brand, exp_month, exp_year, last4; shown as packages/domain/src/payment-card.ts). */
export const SavedCard = z
  .object({
    id: z.string(),
    brand: z.string(),
    exp_month: z.number().int(),
    exp_year: z.number().int(),
    last4: z.string(),
  })
  .meta({ id: 'SavedCard' });

export type BankTransferInstructions = z.infer<typeof BankTransferInstructions>;
export type Payment = z.infer<typeof Payment>;

/** A payment kind the buyer may choose (spec section 4, `paymentKinds`). */
export const PaymentKindOption = z
  .object({ name: z.enum(PAYMENT_KINDS), default: z.boolean() })
  .meta({ id: 'PaymentKindOption' });
export type PaymentKindOption = z.infer<typeof PaymentKindOption>;
/** A payment method the buyer may choose (spec section 4, `allowedMethods`). */
export const PaymentMethodOption = z
  .object({
    _id: z.enum([...PAYMENT_METHODS, 'financing']),
    labelKey: z.string(),
    requestDownPayment: z.boolean().meta({ description: 'Choosing it asks for a down payment (financing)' }),
  })
  .meta({ id: 'PaymentMethodOption' });
export type PaymentMethodOption = z.infer<typeof PaymentMethodOption>;
