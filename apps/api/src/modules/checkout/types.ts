// The checkout's shapes and the dependencies it is built with (spec sections 3, 4, 7).
import type { CheckoutLine } from '@varg/contracts';
import type {
  AllowedMethod,
  PaymentKindOption,
  ShippingMethod,
  TaxCalculation,
  TaxInput,
  TaxMarket,
  VatCheck,
} from '@varg/domain';
import type { AddressInput, SavedAddress } from '../addresses/service.ts';
import type { CheckoutRepo, Tx } from './repo.ts';

/** A cart line as the checkout prices it (the contract's `CheckoutLine`). */
export type { CheckoutLine };

export interface CheckoutCart {
  id: string;
  userId: string | null;
  status: string;
  country: string;
  currency: string;
  lines: CheckoutLine[];
  deliveryDate: string | null;
}

/** A shipping method as the shipping module offers it (`_id`: what the buyer chooses; `name`: what the order stores). */
export type ShippingOption = ShippingMethod;

export interface Auth {
  userId: string;
  roles: string[];
}

export interface CheckoutDeps {
  repo: CheckoutRepo;
  /** The cart with its lines priced in its country (the cart service; ownership checked there). */
  cartFor(cartId: string, auth: Auth | null): Promise<CheckoutCart>;
  /**
   * Checks a cart's dealer prices again against today's list prices and the dealer's terms, dropping or updating those
   * no longer allowed; answers how many lines changed (decision 027).
   */
  recheckDealerPrices?(cartId: string): Promise<number>;
  market(country: string): Promise<(TaxMarket & { status: number }) | null>;
  shippingMethods(input: { country: string; kind: 'vehicle' | 'store'; subtotal: number }): Promise<ShippingOption[]>;
  vatValid(vatId: string, country: string): Promise<boolean>;
  /**
   * The VAT id check with who answered (`vies` or `format`) and VIES's consultation; throws VAT_CHECK_UNAVAILABLE when
   * VIES cannot tell. Used instead of `vatValid` when given.
   */
  vatCheck?(
    vatId: string,
    country: string,
  ): Promise<{
    isValid: boolean;
    source?: 'vies' | 'format';
    consultation?: { requestIdentifier: string | null; requestDate: string | null } | undefined;
  }>;
  /** Production: an EU VAT id counts for the reverse charge only when VIES said it is valid (decision 027). */
  requireVies?: boolean;
  tax(input: TaxInput): Promise<TaxCalculation>;
  addressOf(userId: string, id: string): Promise<SavedAddress | null>;
  /**
   * Checks a new address now and answers how to save it for a user inside the confirm's transaction (decision 035).
   */
  prepareAddress(input: AddressInput): Promise<(userId: string, tx: Tx) => Promise<void>>;
  /**
   * A guest's account (ACCOUNT_EXISTS for an address that has one), checked now and written by the answer inside the
   * confirm's transaction (decision 035) with its e-mail (decision 056); the audit entry is written by `afterCommit`.
   */
  checkoutCustomer(
    input: { email: string; name: string; secondName: string; phone: string; lang: string; country: string },
    meta: { ip?: string | undefined; userAgent?: string | undefined },
  ): Promise<
    (
      tx: Tx,
    ) => Promise<{ userId: string; pair: { token: string; refresh_token: string }; afterCommit(): Promise<void> }>
  >;
  /**
   * Records a new order's confirmation e-mail in the confirm's transaction (decision 056), in a savepoint of its own:
   * a failure loses the e-mail, never the order.
   */
  orderEmail(orderId: string, tx: Tx): Promise<void>;
  /** After the confirm committed: the e-mails recorded in its transaction are delivered now. */
  emailsCommitted?(): void;
  /** The buyer's customer credit in a currency (the wallet). */
  walletBalance(userId: string, currency: string): Promise<number>;
  /** The domain's methods for a market as its payment provider takes them (Stripe markets have no Splitit). */
  offeredMethods(country: string, methods: AllowedMethod[]): AllowedMethod[];
  /** The domain's payment kinds less those the market does not offer (back office, decision 054). */
  offeredKinds(country: string, kinds: PaymentKindOption[]): PaymentKindOption[];
  /**
   * Gives attempts started for the cart before the confirm (POST payment/create-intent) to its order, inside the
   * confirm's transaction (decision 035).
   */
  adoptPayments(cartId: string, orderId: string, userId: string, tx: Tx): Promise<void>;
  /** After the commit: what adopting the attempts leads to (the customer credit they were sized with is spent). */
  afterAdoption?(cartId: string, orderId: string, userId: string): Promise<void>;
  /** The id of the user's active dealer record (status 1), if they are one: their orders are theirs to look after. */
  activeDealerOf?(userId: string): Promise<string | null>;
  /** The terms of sale a buyer of this market and language accepts now (decision 047); stored on the order. */
  termsOfSale?(country: string, lang: string): Promise<string | null>;
  /** The captcha of anonymous forms: a buyer without an account confirms with a token (action `checkout`). */
  captcha?: { verify(token: string | undefined, action: string, ip?: string): Promise<{ ok: boolean }> };
  /** How long an unpaid order holds its stock bikes (STOCK_RESERVATION_HOURS, default 24; decision 027). */
  stockReservationHours?: number;
  /**
   * A fresh session for the buyer of an ordered cart whose confirm answer was lost (decision 062): a customer account
   * only; INVALID_TOKEN otherwise.
   */
  buyerSession?(userId: string, meta: ConfirmMeta): Promise<{ token: string; refresh_token: string }>;
  /** E-mails the order's buyer the signed link to pay it (decision 062), at most every few minutes per order. */
  sendPayLink?(orderId: string): Promise<unknown>;
  now?: () => Date;
}

/** Who confirms: the address and browser (sessions, audit) and the language of the order. */
export interface ConfirmMeta {
  ip?: string | undefined;
  userAgent?: string | undefined;
}

/** What the buyer has typed so far: only the country is sure. */
export type PartialAddress = Partial<AddressInput> & { country: string };

export interface SetupInput {
  shippingAddress?: PartialAddress | undefined;
  addressId?: string | undefined;
  shippingMethod?: string | undefined;
  paymentKind?: string | undefined;
  /** Spend the buyer's customer credit first. */
  useWallet?: boolean | undefined;
  billing?:
    | {
        buyingForACompany: boolean;
        companyName?: string | undefined;
        companyId?: string | undefined;
        customerTaxId?: string | undefined;
      }
    | undefined;
}

/** What the checkout knows of a company's VAT id (decision 027). */
export interface VatStatus {
  /** Counts for the reverse charge. */
  valid: boolean;
  /** vies · format · format_only (production: not without VIES) · unavailable (VIES could not answer) · invalid */
  check: VatCheck;
  consultation: { requestIdentifier: string | null; requestDate: string | null } | null;
}

export interface ConfirmBody {
  cart_id: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  address_id?: string | undefined;
  address_input?: AddressInput | undefined;
  shipping_method: string;
  language?: string | undefined;
  billing_info?:
    | {
        use_contact_info: boolean;
        first_name?: string | undefined;
        last_name?: string | undefined;
        address_id?: string | undefined;
        address_input?: AddressInput | undefined;
      }
    | undefined;
  company_info?:
    | { name: string; billing_id: string; address?: AddressInput | undefined; address_id?: string | undefined }
    | undefined;
  customer_tax_id?: string | undefined;
  customer_order_reference?: string | undefined;
  captcha?: string | undefined;
  /**
   * A buyer without an account: a secret of the browser that confirms (decision 062). A retried confirm of the ordered
   * cart with the same key is the same buyer and gets the order with a fresh session.
   */
  confirm_key?: string | undefined;
}
