// Server side of the checkout pages: which cart, paying an order, where to go after a payment attempt.
import { type Locale, localizedPath } from '@varg/domain';
import { stringifySetCookie } from 'cookie';
import type { PaymentView } from './types.ts';

/** The anonymous cart's id cookie (spec section 9: 30 days; docs/decisions/012-commerce-data.md). */
export const CART_COOKIE = 'cart_id';

export function clearCartCookie(): string {
  return stringifySetCookie({ name: CART_COOKIE, value: '', maxAge: 0, path: '/', httpOnly: true, sameSite: 'lax' });
}

interface Api {
  get<T>(path: string): Promise<T>;
  send<T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T>;
}

/** Card fields of the sandbox form: `4242 4242 4242 4242`, `12/30`, `123`. Null when they cannot be read. */
export function readCard(form: FormData): { number: string; expMonth: number; expYear: number; cvc: string } | null {
  const number = String(form.get('card_number') ?? '').replace(/\s+/g, '');
  const exp = String(form.get('card_exp') ?? '').match(/^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/);
  const cvc = String(form.get('card_cvc') ?? '').trim();
  if (!/^\d{12,19}$/.test(number) || !exp || !/^\d{3,4}$/.test(cvc)) return null;
  const month = Number(exp[1]);
  const year = Number(exp[2]);
  return { number, expMonth: month, expYear: year < 100 ? 2000 + year : year, cvc };
}

/**
 * Pays an order in full with the chosen method and answers where the buyer goes next: the result page (`done`), the
 * sandbox bank's verification step, or back to the checkout of the order with the reason of a failure.
 */
export async function payOrder(
  api: Api,
  locale: Locale,
  input: {
    orderId: string;
    store: boolean;
    method: string;
    card: ReturnType<typeof readCard>;
  },
): Promise<{ url: string; done: boolean }> {
  const at = (path: string) => localizedPath(locale, path);
  const result = {
    url: `${at('/checkout/result')}?${input.store ? 'storeOrderId' : 'orderId'}=${input.orderId}`,
    done: true,
  };
  const failed = (code: string) => ({
    url: `${at('/checkout')}?orderId=${input.orderId}&payment=failed&code=${code}`,
    done: false,
  });
  const payment = await api.send<PaymentView>('POST', '/v1/payment', {
    kind: 'full',
    method: input.method,
    ...(input.store ? { storeOrderId: input.orderId } : { order: input.orderId }),
  });
  if (input.method !== 'card') return result;
  if (!input.card) return failed('invalid_number');
  const paid = await api.send<PaymentView>('POST', `/v1/payment/${payment._id}/card`, {
    ...input.card,
    returnUrl: at(`/checkout/verify/${payment._id}`),
  });
  if (paid.status === 'REQUIRES_ACTION' && paid.actionUrl) return { url: paid.actionUrl, done: false };
  if (paid.status === 'FAILED') return failed(paid.failureCode ?? 'card_declined');
  return result;
}
