import type {
  Address,
  BankTransferInstructions,
  CheckoutData as CheckoutDataContract,
  CheckoutLine,
  Payment,
  PaymentMethodOption,
  ShippingMethod,
} from '@varg/contracts';
import type { SavedCard } from '@varg/domain';
import type { Answer } from '../../lib/api-call.ts';

// The checkout's data as the API answers it: the contracts' schemas (packages/contracts/src/checkout.ts), which the
// API validates every answer against (decision 036), named for the checkout's components.

/** POST /v1/checkout/setup/{cartId} (spec section 3, "Checkout data"). */
export type CheckoutData = CheckoutDataContract;
export type CheckoutLineView = CheckoutLine;
export type ShippingMethodView = ShippingMethod;
export type AllowedMethodView = PaymentMethodOption;
/** A saved address (GET /v2/address). */
export type SavedAddressView = Address;
/** A saved card (GET /v1/stripe/cards), as the domain defines it. */
export type SavedCardView = SavedCard;
/** Where to send a bank transfer, and one payment attempt. */
export type BankInstructionsView = BankTransferInstructions;
export type PaymentView = Payment;
/** POST /v1/order/complete-order/{id}/setup: paying an existing order. */
export type OrderPaymentSetup = Answer<'postOrderCompleteOrderByIdSetup'>;
