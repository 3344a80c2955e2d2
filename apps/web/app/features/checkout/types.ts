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
    toPay: number;
    deposit: number;
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
  vat: { id: string | null; valid: boolean; country: string | null };
  shippingMethods: ShippingMethodView[];
  selectedShippingMethod: string | null;
  paymentKinds: Array<{ name: string; default: boolean }>;
  allowedMethods: Array<{ _id: string; labelKey: string; requestDownPayment: boolean }>;
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

export interface PaymentView {
  _id: string;
  orderId: string;
  status: 'CREATED' | 'PROCESSING' | 'SUCCEEDED' | 'REQUIRES_ACTION' | 'FAILED';
  amount: number;
  currency: string;
  method: string;
  failureCode: string | null;
  actionUrl: string | null;
}
