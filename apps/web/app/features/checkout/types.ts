import type { BankTransferInstructions, Payment } from '@varg/contracts';
import type { SavedCard } from '@varg/domain';
// The checkout data the API answers (POST /v1/checkout/setup/{cartId}; spec section 3, "Checkout data").

export interface CheckoutLineView {
  id: string;
  kind: 'bike' | 'stock_bike' | 'store';
  nameKey: string;
  name: string;
  quantity: number;
  unitPrice: number;
  total: number;
  deposit: number;
  available: boolean;
}

export interface ShippingMethodView {
  _id: string;
  name: string;
  nameKey: string;
  default: boolean;
  price: { amount: number; currencyCode: string };
  extraFees: { warehouse: number };
  pickup?: { label: string; coordinates: [number, number] } | undefined;
}

export interface CheckoutData {
  available: boolean;
  error_t_key: string | null;
  cartId: string;
  country: string;
  currency: string;
  lines: CheckoutLineView[];
  pricing: {
    subtotal: number;
    shipping: number;
    total: number;
    currency: string;
    paid: number;
    /** What the chosen kind charges now, after customer credit. */
    toPay: number;
    deposit: number;
    walletDiscount: number;
    walletBalance: number;
    taxes: {
      amount: number;
      error: string | null;
      errorCode: string | null;
      strategy: { displayExcludingTaxes: boolean; displayTaxes: boolean };
      rateBp: number;
      reverseCharge: boolean;
      noteKey: string | null;
    };
    verifyTaxStrategy: string;
    customerTaxIdRequired: boolean;
  };
  vat: {
    id: string | null;
    valid: boolean;
    country: string | null;
    /** vies · format · format_only · unavailable · invalid (decision 027) */
    check?: string | null;
  };
  shippingMethods: ShippingMethodView[];
  selectedShippingMethod: string | null;
  paymentKinds: Array<{ name: string; default: boolean }>;
  selectedPaymentKind: string;
  allowedMethods: AllowedMethodView[];
  deliveryDate: string | null;
}

export interface SavedAddressView {
  _id: string;
  country: string;
  line_1: string;
  line_2: string;
  postal_code: string;
  city: string;
  state: string;
  formatted_address: string;
}

export interface AllowedMethodView {
  _id: string;
  labelKey: string;
  requestDownPayment: boolean;
}

/** A saved card (GET /v1/stripe/cards), as the domain defines it. */
export type SavedCardView = SavedCard;

/** Where to send a bank transfer, and one payment attempt, as the API answers them (packages/contracts). */
export type BankInstructionsView = BankTransferInstructions;
export type PaymentView = Payment;

/** POST /v1/order/complete-order/{id}/setup: paying an existing order. */
export interface OrderPaymentSetup {
  orderId: string;
  number: number;
  type: 'vehicle' | 'store';
  country: string;
  currency: string;
  pricing: { total: number; paid: number; toPay: number; deposit: number; walletBalance: number };
  paymentKinds: Array<{ name: string; default: boolean }>;
  allowedMethods: Record<string, AllowedMethodView[]>;
}
