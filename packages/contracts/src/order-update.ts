import { z } from 'zod';
import { AddressId } from './addresses.ts';
import { OrderSettlement } from './dealer-orders.ts';
import { CountryCode } from './markets.ts';
import { OrderView } from './orders.ts';

// The buyer's own change of an order before delivery (spec section 7 "PUT order/{id}"; decision 049): delivery
// method, delivery address and contact. Billing is not changed here.

/** Text of a field: trimmed, no control characters, at most `max` characters. */
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .regex(/^[^\p{Cc}]*$/u, 'validation_malformed_text');

/** A delivery address typed in (the checkout's `address_input`); its country must be the order's. */
export const OrderAddressInput = z.object({
  country: CountryCode,
  line_1: text(200).min(1),
  line_2: text(200).default(''),
  postal_code: text(16).min(1),
  city: text(100).min(1),
  state: text(100).default('').meta({ description: 'Required in the US: the USPS code (TX)' }),
});

export const OrderContactInput = z.object({
  firstName: text(100).min(1),
  lastName: text(100).min(1),
  email: z
    .email()
    .max(254)
    .transform((s) => s.trim().toLowerCase()),
  phone: text(40).regex(/^\+?[\d\s().-]{5,40}$/, 'error_phone_invalid'),
});

export const OrderUpdateBody = z
  .object({
    deliveryMethod: text(80).min(1).optional().meta({
      description: 'A shipping method `_id` offered in the order’s country (GET shipping-configs/allowed_methods)',
    }),
    addressId: AddressId.optional().meta({ description: 'One of the caller’s saved addresses (GET address)' }),
    address: OrderAddressInput.optional().meta({ description: 'A typed address (instead of `addressId`)' }),
    contact: OrderContactInput.optional(),
    preview: z.boolean().optional().meta({
      description: 'true: answers what the change would do (new total, what is owed or credited); writes nothing',
    }),
    expectedTotal: z.number().int().min(0).max(1_000_000_000).optional().meta({
      description: 'The new total the buyer confirmed (from a preview); another one is a 409 ORDER_TOTAL_CHANGED',
    }),
  })
  .refine((b) => b.deliveryMethod || b.addressId || b.address || b.contact, {
    message: 'validation_nothing_to_change',
  })
  .refine((b) => !(b.addressId && b.address), { message: 'validation_address_one' })
  .meta({ id: 'OrderUpdateBody' });
export type OrderUpdateBody = z.infer<typeof OrderUpdateBody>;

export const OrderUpdateResult = z
  .object({
    applied: z.boolean().meta({ description: 'false for a preview' }),
    order: OrderView,
    settlement: OrderSettlement,
  })
  .meta({ id: 'OrderUpdateResult' });
export type OrderUpdateResult = z.infer<typeof OrderUpdateResult>;
