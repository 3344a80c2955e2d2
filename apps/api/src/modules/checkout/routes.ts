import {
  CheckoutConfirmation,
  CheckoutData,
  CheckoutResult,
  CountryCode as Country,
  ErrorEnvelope,
  PaymentKindOption,
} from '@varg/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../lib/api-error.ts';
import { requestLanguage } from '../../lib/request-language.ts';
import { errorResponses } from '../../lib/route-responses.ts';
import { optionalAuthRoutes } from '../../lib/route-security.ts';
import type { Guards } from '../identity/auth.ts';
import type { CheckoutService } from './service.ts';

const text = (max: number) => z.string().trim().max(max);
const AddressInput = z.object({
  country: Country,
  line_1: text(200).min(1),
  line_2: text(200).optional(),
  postal_code: text(16).optional(),
  city: text(100).min(1),
  state: text(100).optional(),
});
const SetupBody = z.object({
  shippingAddress: AddressInput.partial({ line_1: true, city: true }).optional(),
  addressId: z.uuid().optional(),
  shippingMethod: z.string().max(64).optional(),
  paymentKind: z.string().max(16).optional(),
  useWallet: z.boolean().optional(),
  billing: z
    .object({
      buyingForACompany: z.boolean(),
      companyName: text(200).optional(),
      companyId: text(20)
        .regex(/^[A-Za-z0-9 .-]*$/)
        .optional(),
      customerTaxId: text(20).optional(),
    })
    .optional(),
});
const ConfirmBody = z.object({
  cart_id: z.uuid(),
  first_name: text(100).min(1),
  last_name: text(100).min(1),
  email: z.email().max(254),
  phone: text(40).min(5),
  address_id: z.uuid().optional(),
  address_input: AddressInput.optional(),
  shipping_method: z.string().max(64),
  language: z.string().max(8).optional(),
  billing_info: z
    .object({
      use_contact_info: z.boolean().meta({ description: 'false: bill to first_name and last_name (both required)' }),
      first_name: text(100).optional(),
      last_name: text(100).optional(),
      address_id: z
        .uuid()
        .optional()
        .meta({ description: 'A saved address of the buyer to bill to (404 if not theirs)' }),
      address_input: AddressInput.optional().meta({
        description: 'Another billing address; neither: the shipping one',
      }),
      billing_id: z.string().max(64).optional(),
    })
    .optional()
    .meta({ description: 'A private buyer: the contact, or another name and address' }),
  company_info: z
    .object({
      name: text(200).min(1),
      billing_id: text(20).regex(/^[A-Za-z0-9 .-]+$/),
      address: AddressInput.optional().meta({ description: 'The company’s billing address; none: the shipping one' }),
      address_id: z.uuid().optional().meta({ description: 'A saved address of the buyer as the company’s address' }),
    })
    .optional()
    .meta({ description: 'A company: its name, VAT id and billing address' }),
  customer_tax_id: text(20).optional(),
  customer_order_reference: text(100).optional(),
  captcha: z
    .string()
    .max(4000)
    .optional()
    .meta({ description: 'A buyer without an account: the reCAPTCHA token for the action `checkout`' }),
  confirm_key: z
    .string()
    .min(32)
    .max(128)
    .regex(/^[\w-]+$/)
    .optional()
    .meta({
      description:
        'A buyer without an account: a random secret of the browser (at least 32 characters), the same for every retry of this checkout. A retried confirm of the ordered cart with it answers the same order with a fresh session (decision 062).',
    }),
});

const errors = errorResponses(400, 401, 403, 404, 409);
// Built once: a schema with a registry id made again on every buildApi in one process (tests sharing a process)
// is a second schema under the same id, and the OpenAPI document refuses to be written.
const PayLinkSession = z.object({ token: z.string(), refresh_token: z.string() }).meta({ id: 'PayLinkSession' });

/** Checkout (spec section 7, "Checkout and payment"). Anonymous carts may check out; the buyer becomes a customer. */
export const checkoutRoutes: FastifyPluginAsyncZod<{
  checkout: CheckoutService;
  guards: Guards;
  /** The checkout result state of one of the caller's orders (spec section 3); null when it is not theirs. */
  resultOf(orderId: string, auth: { userId: string; roles: string[] }): Promise<CheckoutResult | null>;
  /** The payment kinds of one of the caller's orders. */
  orderPaymentKinds(orderId: string, auth: { userId: string; roles: string[] }): Promise<PaymentKindOption[]>;
  /** The buyer's session from an unpaid order's signed pay link (decision 062); INVALID_TOKEN when it does not hold. */
  payLinkSession(
    orderId: string,
    token: string,
    meta: { ip?: string | undefined; userAgent?: string | undefined },
  ): Promise<{ token: string; refresh_token: string }>;
  /** Production: confirms of buyers without an account per address and hour (decision 027); null: no such limit. */
  guestLimit?: { max: number; signedInMax: number } | null;
}> = async (app, { checkout, guards, resultOf, orderPaymentKinds, payLinkSession, guestLimit }) => {
  optionalAuthRoutes(app);
  // The confirm's own limit (it replaces the global one on this route): buyers without an account per address, signed-in
  // buyers per account. It runs after the token is read (route hooks follow the application's), so `auth` is known.
  const confirmLimit = guestLimit
    ? {
        rateLimit: {
          timeWindow: '1 hour',
          keyGenerator: (request: { auth: { userId: string } | null; ip: string }) =>
            request.auth ? `checkout:user:${request.auth.userId}` : `checkout:guest:${request.ip}`,
          max: (_request: unknown, key: string) =>
            key.startsWith('checkout:guest:') ? guestLimit.max : guestLimit.signedInMax,
        },
      }
    : undefined;
  const auth = (request: { auth?: { userId: string; roles: string[] } | null | undefined }) =>
    request.auth ? { userId: request.auth.userId, roles: request.auth.roles } : null;

  app.post(
    '/checkout/setup/:cartId',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Price a cart for checkout: shipping methods, tax for the address and billing, the total to pay',
        description:
          'Send what the buyer has entered so far: an address (or a saved addressId), billing (a company VAT id is checked: `vat.check` says by whom — vies, format, format_only (production: no reverse charge without VIES), unavailable (VIES could not answer: VAT is charged), invalid), the shipping method. A dealer’s price that no longer holds is dropped from the cart here. Answers the spec\'s checkout data: available/error_t_key, pricing {subtotal, shipping, total, currency, paid, toPay, walletDiscount, financingFee, fees, deposit, taxes {amount, error (a catalog key; the postal-code error names "postal code"), strategy {displayExcludingTaxes, displayTaxes}, rateBp, reverseCharge, noteKey}, verifyTaxStrategy}, shippingMethods, paymentKinds, allowedMethods. The web calls it 500 ms after the last change.',
        params: z.object({ cartId: z.uuid() }),
        body: SetupBody,
        response: { 200: CheckoutData, ...errors },
      },
    },
    async (request) => checkout.setup(request.params.cartId, auth(request), request.body),
  );

  app.get(
    '/checkout/payment-kinds/:id',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Payment kinds for a cart or an order',
        description:
          'A cart: full (default) and deposit when its bikes ask one smaller than the total. An order: the same before anything is paid, `remaining` after; `down_payment` once financing is approved.',
        params: z.object({ id: z.uuid() }),
        response: { 200: z.array(PaymentKindOption), ...errors },
      },
    },
    async (request) => {
      const caller = auth(request);
      const ofOrder = caller ? await orderPaymentKinds(request.params.id, caller).catch(() => null) : null;
      return ofOrder ?? checkout.paymentKinds(request.params.id, caller);
    },
  );

  app.post(
    '/checkout',
    {
      schema: {
        tags: ['checkout'],
        summary: 'Confirm: turn the cart into an order',
        description:
          "The spec's order payload. The phone keeps digits and plus only; strings are trimmed. Totals are computed again on the server. One cart makes one order: repeating the call answers the same order. A buyer who is not signed in sends the captcha token (`captcha`, action `checkout`; 400 CAPTCHA_FAILED) and, in production, confirms at most GUEST_CHECKOUT_LIMIT orders per address and hour (429 RATE_LIMITED); they get an account (token, refresh_token and isNewUser true) and an e-mail to choose a password; an address that already has an account must sign in first (409 ACCOUNT_EXISTS). Stock bikes are reserved in the same transaction (409 STOCK_BIKE_UNAVAILABLE for the second buyer) until the order's `reservedUntil` (STOCK_RESERVATION_HOURS); unpaid after it, the order is cancelled and the bikes offered again. A dealer's price that no longer holds (market, configuration, the dealer's terms, today's list price) is dropped and the confirm refused (409 DEALER_PRICE_CHANGED): confirm the new total again. `company_info.billing_id` is the company's VAT id; in production a reverse charge needs VIES's answer, whose consultation number is kept on the order (`billing.vatCheck`). Billing (decision 048): a private buyer bills to the contact or, with `billing_info.use_contact_info` false, to another name (400 VALIDATION_ERROR without both names); the billing address is `address_input`, a saved address of the buyer (`address_id`; 401 without an account, 404 ADDRESS_NOT_FOUND when not theirs) or else the shipping address; a company gives the same through `company_info.address` / `address_id` (both: 400). Answers {order (vehicle order) | storeOrder (parts), token, refresh_token, isNewUser}.",
        body: ConfirmBody,
        response: { 200: CheckoutConfirmation, ...errors, 429: ErrorEnvelope },
      },
      ...(confirmLimit ? { config: confirmLimit } : {}),
    },
    async (request) =>
      checkout.confirm(auth(request), request.body, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
        lang: request.body.language ?? requestLanguage(request),
      }),
  );

  app.post(
    '/checkout/resume',
    {
      schema: {
        tags: ['checkout'],
        summary: 'The order of a cart whose confirm answer was lost',
        description:
          "A checkout page reloaded after its confirm's answer was lost (decision 062). The cart's buyer gets the confirm's answer again: signed in, the order; without an account, with the `confirm_key` the confirm was sent with, the order and a fresh session (token, refresh_token, isNewUser true). A cart not ordered is 404 SHOPPING_CART_NOT_FOUND; anybody else is 409 CART_ALREADY_ORDERED, and the order's buyer is e-mailed a link to pay it.",
        body: z.object({ cart_id: z.uuid(), confirm_key: ConfirmBody.shape.confirm_key }),
        response: { 200: CheckoutConfirmation, ...errors },
      },
    },
    async (request) =>
      checkout.resume(auth(request), request.body.cart_id, request.body.confirm_key, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      }),
  );

  app.post(
    '/checkout/pay-link',
    {
      schema: {
        tags: ['checkout'],
        summary: "Sign in with an unpaid order's pay link",
        description:
          "The link e-mailed to the buyer of an unpaid order (decision 062) carries a signed token that expires after 7 days. For a customer account that has chosen no password since the link was sent (a buyer who checked out without an account), it answers a session for the order's payment page. Anything else, a wrong, expired or altered token included, is 400 INVALID_TOKEN: sign in instead.",
        body: z.object({ order_id: z.uuid(), token: z.string().max(200) }),
        response: {
          200: PayLinkSession,
          ...errors,
        },
      },
    },
    async (request) =>
      payLinkSession(request.body.order_id, request.body.token, {
        ip: request.ip,
        userAgent: request.headers['user-agent'],
      }),
  );

  app.put(
    '/checkout/:id/confirm-final-checkout',
    {
      schema: {
        tags: ['checkout'],
        summary: 'The checkout result state of an order, after its payment step',
        description:
          "The spec's checkout result state: isBankTransfer, bankTransferAmount, order, orderError, isStoreOrder, paymentFailed, verificationUrl (the 3-D Secure page while a card payment waits for it). It changes nothing: an order is confirmed by `POST checkout` and paid through the payments; this call answers where the buyer stands. The caller's orders only (404 ORDER_NOT_FOUND otherwise).",
        params: z.object({ id: z.uuid() }),
        response: { 200: CheckoutResult, ...errors },
      },
      preHandler: guards.requireAuth,
    },
    async (request) => {
      // biome-ignore lint/style/noNonNullAssertion: requireAuth guarantees it
      const result = await resultOf(request.params.id, auth(request)!);
      if (!result) throw new ApiError('ORDER_NOT_FOUND');
      return result;
    },
  );
};
