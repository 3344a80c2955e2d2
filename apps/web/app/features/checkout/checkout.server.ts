// Server side of the checkout pages: which cart, paying an order with any method, where the buyer goes next.
import { APPROVAL_METHODS, isPaymentMethodIn, type Locale, localizedPath, parseCardExpiry } from '@varg/domain';
import type { CallArgs, TypedCalls } from '../../lib/api-call.ts';
import { STRIPE_ELEMENT_METHODS, type StripeConfirm } from './stripe-pay.tsx';
import type { SavedCardView } from './types.ts';

type Api = TypedCalls;

/** Card fields of the sandbox form: `4242 4242 4242 4242`, `12/30`, `123`. Null when they cannot be read. */
export function readCard(form: FormData): { number: string; expMonth: number; expYear: number; cvc: string } | null {
  const number = String(form.get('card_number') ?? '').replace(/\s+/g, '');
  const exp = parseCardExpiry(String(form.get('card_exp') ?? ''));
  const cvc = String(form.get('card_cvc') ?? '').trim();
  if (!/^\d{12,19}$/.test(number) || !exp || !/^\d{3,4}$/.test(cvc)) return null;
  return { number, expMonth: exp.month, expYear: exp.year, cvc };
}

/** What the buyer chose in the payment step (payment-fields.tsx). */
export interface PaymentChoice {
  kind: string;
  method: string;
  useWallet: boolean;
  form: FormData;
  /** For the SEPA mandate: the buyer's e-mail. */
  email: string;
  /** Stripe's Payment Element collected the details: the browser confirms (stripe-pay.tsx). */
  stripe: boolean;
}

export function readPaymentChoice(form: FormData, email: string): PaymentChoice {
  return {
    kind: String(form.get('payment_kind') ?? 'full'),
    method: String(form.get('payment_method') ?? 'card'),
    useWallet: form.get('use_wallet') === 'on',
    form,
    email,
    stripe: form.get('stripe') === '1',
  };
}

/** The confirm details of a method, from the form; null when what was typed cannot be read. */
/** The payment details of a confirm call, as the API's schema declares them. */
type PaymentDetails = NonNullable<CallArgs<'postPaymentByIdConfirm'>['body']>['details'];

function details(choice: PaymentChoice): PaymentDetails | null {
  const f = (name: string) => String(choice.form.get(name) ?? '').trim();
  // Approved on the provider's page (or the wallet's sheet): nothing to send.
  if (isPaymentMethodIn(APPROVAL_METHODS, choice.method)) return { type: 'redirect' };
  switch (choice.method) {
    case 'card': {
      const saved = f('card_choice');
      if (saved && saved !== 'new') return { type: 'saved_card', id: saved };
      const card = readCard(choice.form);
      return card ? { type: 'card', ...card } : null;
    }
    case 'sepa':
      return f('sepa_iban') && f('sepa_holder')
        ? {
            type: 'sepa',
            iban: f('sepa_iban').replace(/\s+/g, ''),
            accountHolder: f('sepa_holder'),
            email: choice.email,
          }
        : null;
    case 'ach':
      return /^\d{9}$/.test(f('ach_routing')) && /^\d{4,17}$/.test(f('ach_account')) && f('ach_holder')
        ? {
            type: 'ach',
            routingNumber: f('ach_routing'),
            accountNumber: f('ach_account'),
            accountHolder: f('ach_holder'),
            accountType: f('ach_type') === 'savings' ? 'savings' : 'checking',
          }
        : null;
    default:
      return null;
  }
}

/** A failure code per method when its fields cannot be read. */
const UNREADABLE: Record<string, string> = {
  card: 'invalid_number',
  sepa: 'invalid_bank_account',
  ach: 'invalid_bank_account',
};

/**
 * Pays an order with the buyer's choice and answers where the buyer goes next: the result page (`done`), the page
 * where they approve (3-D Secure, Klarna, a wallet, the lender), or back to the order's payment with the reason.
 */
export async function payOrder(
  api: Api,
  locale: Locale,
  input: { orderId: string; store: boolean; choice: PaymentChoice; resultParam?: 'orderId' | 'completeOrderId' },
): Promise<{ url: string; done: boolean; stripe?: StripeConfirm }> {
  const at = (path: string) => localizedPath(locale, path);
  const { choice } = input;
  const result = {
    url: `${at('/checkout/result')}?${input.store ? 'storeOrderId' : (input.resultParam ?? 'orderId')}=${input.orderId}`,
    done: true,
  };
  const failed = (code: string) => ({
    url: `${at(`/complete-order/${input.orderId}`)}?payment=failed&code=${encodeURIComponent(code)}`,
    done: false,
  });
  // Financing: the lender decides first; the down payment is paid by card afterwards (decision 017).
  if (choice.method === 'financing') {
    const amount = Number(String(choice.form.get('down_payment') ?? '0').replace(',', '.'));
    const application = await api.call('postCheckoutEkhoCreate', {
      body: {
        orderId: input.orderId,
        // Financing is offered in US dollars only (two decimals).
        downPayment: Number.isFinite(amount) && amount > 0 ? Math.round(amount * 100) : 0,
      },
    });
    // The lender's own page (ekho: https://…) as it is; the demo's sandbox lender uses our verify page.
    const page = application.actionUrl ?? `/checkout/verify/${application._id}`;
    return { url: /^https:\/\//.test(page) ? page : at(page), done: false };
  }
  const elementPays = choice.stripe && STRIPE_ELEMENT_METHODS.includes(choice.method);
  const needsDetails = details(choice);
  if (!elementPays && !needsDetails && UNREADABLE[choice.method] && !choice.useWallet)
    return failed(UNREADABLE[choice.method] ?? '');
  const payment = await api.call('postPayment', {
    body: {
      kind: choice.kind,
      method: choice.method,
      useWallet: choice.useWallet,
      ...(input.store ? { storeOrderId: input.orderId } : { order: input.orderId }),
    },
  });
  // Customer credit covered it, or the method waits for money (transfers, at the dealer's).
  if (payment.method === 'wallet' || payment.status !== 'CREATED') return result;
  // Stripe.js confirms in the browser with the attempt's client secret, then brings the buyer to the result page.
  if (elementPays && payment.clientSecret)
    return {
      url: result.url,
      done: false,
      stripe: {
        clientSecret: payment.clientSecret,
        returnUrl: `${result.url}&paymentId=${payment._id}`,
        failUrl: failed('').url,
      },
    };
  if (!needsDetails) return failed(UNREADABLE[choice.method] ?? 'payment_failed');
  const paid = await api.call('postPaymentByIdConfirm', {
    path: { id: payment._id },
    body: { details: needsDetails, returnUrl: at(`/checkout/verify/${payment._id}`) },
  });
  if (paid.status === 'REQUIRES_ACTION' && paid.actionUrl) return { url: paid.actionUrl, done: false };
  if (paid.status === 'FAILED') return failed(paid.failureCode ?? 'card_declined');
  return result;
}

/** The market's Stripe key when it is paid through Stripe; null in the sandbox. */
export async function stripeKey(api: Api, country: string): Promise<string | null> {
  return api
    .call('getPaymentStripePublicKey', { query: { country } })
    .then((r) => r.public_key)
    .catch(() => null);
}

/** The buyer's saved cards in the market (none for a guest or when the provider cannot be reached). */
export async function savedCards(api: Api, country: string, signedIn: boolean): Promise<SavedCardView[]> {
  if (!signedIn) return [];
  return api.call('getStripeCards', { query: { country } }).catch(() => []);
}
