import type { Cart } from '@varg/contracts';
import { isInternalLink, localizedPath } from '@varg/domain';
import { data, redirect } from 'react-router';
import { DEALER_PRICE_INVALID, readAddItem } from '../features/cart/add-item.ts';
import { isApiRequestError } from '../lib/api.ts';
import { type CartCalls, cartCalls, cartCookie, cartIdFrom } from '../lib/cart.server.ts';
import { localeContext } from '../lib/context.ts';
import type { Route } from './+types/cart';

/** What a cart action answers a fetcher (`via=fetch`); a plain form post is redirected back instead. */
export type CartActionResult =
  | { ok: true; intent: string; cart: Cart }
  | { ok: false; intent: string; code: string; message: string };

/** What the cart side menu loads: the cart priced in the page's market, or null when there is none. */
export interface CartLoaderData {
  cart: Cart | null;
  /** The cart could not be read (the side menu then shows it empty and says so). */
  error: boolean;
}

const NO_STORE = { 'cache-control': 'no-store' };

/** The cart side menu's data (`/{locale}/cart`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const calls = cartCalls(context, request);
  const headers = new Headers(NO_STORE);
  if (!calls.hasCart) return data<CartLoaderData>({ cart: null, error: false }, { headers });
  // A cookie naming a cart that is gone, ordered, or not this visitor's is forgotten.
  const forget = () => {
    if (cartIdFrom(request)) headers.append('set-cookie', cartCookie(request, null));
    return data<CartLoaderData>({ cart: null, error: false }, { headers });
  };
  try {
    const cart = await calls.call('getCart', { query: { country: context.get(localeContext).country } });
    if (cart.status !== 'open') return forget();
    return data<CartLoaderData>({ cart, error: false }, { headers });
  } catch (error) {
    if (isApiRequestError(error) && (error.status === 404 || error.status === 403)) return forget();
    return data<CartLoaderData>({ cart: null, error: true }, { headers });
  }
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
};
const list = (form: FormData, name: string) =>
  form.getAll(name).filter((v): v is string => typeof v === 'string' && v !== '');

/** The API call of each intent. */
async function perform(intent: string, form: FormData, calls: CartCalls, country: string): Promise<Cart> {
  const line = text(form, 'line') === 'store' ? 'store' : 'bike';
  switch (intent) {
    case 'add-item': {
      const read = readAddItem(form);
      if (!read.ok) throw Object.assign(new Error('invalid price'), { invalidPrice: true });
      // The side menu opens on the priced cart: the full answer is the cheapest that renders it (no second read).
      const answer = await calls.call('postCartAddItem', { query: { country, answer: 'cart' }, body: read.body });
      if (!('subTotal' in answer)) throw new Error('add-item answered a summary, not the cart');
      return answer;
    }
    case 'add-stock-bike':
      return calls.call('postCartAddStockBike', {
        query: { country },
        body: { stockBikeId: text(form, 'stockBikeId'), quantity: 1 },
      });
    case 'add-store-item': {
      const vin = text(form, 'vin');
      const quantity = text(form, 'quantity');
      return calls.call('postCartAddStoreItem', {
        query: { country },
        body: {
          variant_code: text(form, 'variant_code'),
          quantity: quantity === '' ? 1 : Number(quantity),
          ...(vin ? { vin } : {}),
        },
      });
    }
    case 'update-item':
      return calls.call('postCartUpdateItem', {
        query: { country },
        body: { itemId: text(form, 'itemId'), componentIds: list(form, 'componentId') },
      });
    case 'increment':
    case 'decrement':
      return line === 'store'
        ? calls.call('postCartUpdateStoreQuantity', {
            body: { store_item_id: text(form, 'itemId'), operation: intent },
          })
        : calls.call('postCartUpdateQuantity', { body: { itemId: text(form, 'itemId'), operation: intent } });
    case 'remove':
      return line === 'store'
        ? calls.call('postCartRemoveStoreItem', { body: { store_item_id: text(form, 'itemId') } })
        : calls.call('postCartRemoveItem', { body: { itemId: text(form, 'itemId') } });
    case 'clean':
      return calls.call('putCartClean');
    default:
      throw Object.assign(new Error('unknown intent'), { unknownIntent: true });
  }
}

/** `?cart=…` after a plain form post: what happened, for the page to say (no JavaScript needed). */
function withStatus(path: string, status: Record<string, string>): string {
  const url = new URL(path, 'http://x');
  url.searchParams.delete('cart');
  url.searchParams.delete('cart_error');
  for (const [k, v] of Object.entries(status)) url.searchParams.set(k, v);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * The cart's changes, posted by `useFetcher` forms (`via=fetch`: answers JSON) or by plain forms without JavaScript
 * (answers a redirect back to `returnTo` with `?cart=added|updated|changed` or `?cart_error=<code>`). Intents:
 * add-item, add-stock-bike, add-store-item, update-item, increment, decrement, remove (`line=bike|store`), clean.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const locale = context.get(localeContext);
  const form = await request.formData();
  const intent = text(form, 'intent');
  const viaFetch = text(form, 'via') === 'fetch';
  const back = text(form, 'returnTo');
  const returnTo = isInternalLink(back) ? back : localizedPath(locale, '/');
  const calls = cartCalls(context, request);

  let result: CartActionResult;
  let status = 200;
  try {
    const cart = await perform(intent, form, calls, locale.country);
    result = { ok: true, intent, cart };
  } catch (error) {
    if ((error as { unknownIntent?: boolean }).unknownIntent) {
      result = { ok: false, intent, code: 'BAD_REQUEST', message: '' };
      status = 400;
    } else if ((error as { invalidPrice?: boolean }).invalidPrice) {
      result = { ok: false, intent, code: DEALER_PRICE_INVALID, message: '' };
      status = 400;
    } else if (isApiRequestError(error)) {
      result = { ok: false, intent, code: error.code, message: error.message };
      status = error.status;
    } else throw error;
  }

  const headers = new Headers(NO_STORE);
  for (const cookie of calls.setCookies) headers.append('set-cookie', cookie);
  if (viaFetch) return data(result, { status, headers });
  const done = intent.startsWith('add-') ? 'added' : intent === 'update-item' ? 'updated' : 'changed';
  return redirect(withStatus(returnTo, result.ok ? { cart: done } : { cart_error: result.code }), {
    status: 303,
    headers,
  });
}
