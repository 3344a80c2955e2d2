// The checkout's setup errors (spec section 9): CART-ERROR-001 (a line can no longer be bought) resets the cart, makes
// the checkout unavailable and shows the alert titled with the checkout and the unknown-error text;
// SHOPPING_CART_NOT_FOUND resets the checkout (the action reloads the page without the cart).
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { useShell } from '../shell/providers.tsx';

/** The action's answer when the cart was reset for CART-ERROR-001. */
export interface CartErrorAnswer {
  cartError: 'CART-ERROR-001';
}

export const isCartError = (value: unknown): value is CartErrorAnswer =>
  typeof value === 'object' && value !== null && 'cartError' in value;

/** Shows the checkout's alert once for each answer that reset the cart; answers whether the checkout is unavailable. */
export function useCartErrorAlert(...answers: unknown[]): boolean {
  const { t } = useTranslation();
  const shell = useShell();
  const shown = useRef(new WeakSet<object>());
  const errors = answers.filter(isCartError);
  useEffect(() => {
    for (const answer of errors) {
      if (shown.current.has(answer)) continue;
      shown.current.add(answer);
      shell.alert({ error: true, title: t('checkout_title'), description: t('unknow_error') });
    }
  });
  return errors.length > 0;
}
