import { type TFunction, useTranslation } from '../../lib/i18n.ts';
import { useShell } from '../shell/providers.tsx';
import { DEALER_PRICE_INVALID } from './add-item.ts';

// Apart from the cart form: the shell's cart notice needs these on every page, the form only where a page sells.

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Spec section 8: a mixed cart has its own message; other cart errors show the server's, else the unknown error. */
export function cartErrorText(t: TFunction, error: { code: string; message?: string | undefined }): string {
  if (error.code === 'CART-ERROR-003') return t('mixed_item_cart');
  if (error.code === DEALER_PRICE_INVALID) return t('dealer_order_price_invalid');
  return error.message || t('unknow_error');
}

/** The error alert of a failed cart change (the alert takes HTML: the text is escaped). */
export function useCartErrorAlert() {
  const { t } = useTranslation();
  const { alert } = useShell();
  return (error: { code: string; message?: string | undefined }) =>
    alert({ error: true, description: escapeHtml(cartErrorText(t, error)) });
}
