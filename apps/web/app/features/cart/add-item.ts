// The cart action's "add a configured bike" form, read (routes/cart.ts): the model, its options and, for a dealer, its
// own unit price typed in major units (`price`, sent as `overwritePrice`; the API bounds it by the dealer's discount).
import type { AddItemBody } from '@varg/contracts';
import { minorUnitsFromDecimal } from '@varg/domain';

/** The code of a dealer's own price that is not a number (the web's own check; the API's bounds answer in words). */
export const DEALER_PRICE_INVALID = 'DEALER_PRICE_INVALID';

export function readAddItem(form: FormData): { ok: true; body: AddItemBody } | { ok: false; code: string } {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value.trim() : '';
  };
  const componentIds = form.getAll('componentId').filter((v): v is string => typeof v === 'string' && v !== '');
  const price = text('price');
  const overwritePrice = price ? minorUnitsFromDecimal(price) : undefined;
  if (overwritePrice === null) return { ok: false, code: DEALER_PRICE_INVALID };
  return {
    ok: true,
    body: { productId: text('productId'), componentIds, ...(overwritePrice !== undefined ? { overwritePrice } : {}) },
  };
}
