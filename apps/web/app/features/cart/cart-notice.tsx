import { ITEM_ADDED_TOAST_MS } from '@varg/domain';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { useShell } from '../shell/providers.tsx';
import { cartErrorText, useCartErrorAlert } from './cart-error-text.ts';

/** The add-by-link failure flag (`?cart_error=add_by_link`): spec section 8, the `unknow_error` alert. */
const ADD_BY_LINK_FAILED = 'add_by_link';

const DONE_KEYS: Record<string, string> = {
  added: 'cart_item_added',
  updated: 'cart_line_updated',
  changed: 'cart_changed',
};

/**
 * What a cart form posted without JavaScript did (`?cart=added` or `?cart_error=<code>`), and a failed add-by-link:
 * a notice in the page; once the page runs in the browser, the toast or alert instead, and the query is tidied.
 */
export function CartNotice() {
  const { t } = useTranslation();
  const { toast } = useShell();
  const showError = useCartErrorAlert();
  const location = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(location.search);
  const done = params.get('cart');
  const error = params.get('cart_error');

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per notice in the URL; the helpers change identity
  useEffect(() => {
    if (!done && !error) return;
    if (error) showError({ code: error === ADD_BY_LINK_FAILED ? 'UNKNOWN' : error });
    else if (done && DONE_KEYS[done])
      toast({ message: t(DONE_KEYS[done]), theme: 'light', duration: ITEM_ADDED_TOAST_MS });
    const rest = new URLSearchParams(location.search);
    rest.delete('cart');
    rest.delete('cart_error');
    navigate(
      { pathname: location.pathname, search: rest.size ? `?${rest}` : '', hash: location.hash },
      {
        replace: true,
        preventScrollReset: true,
      },
    );
  }, [done, error]);

  if (!error && !(done && DONE_KEYS[done])) return null;
  return error ? (
    <p role="alert" className="bg-red-50 px-4 py-3 text-center text-sm font-medium text-red-900">
      {error === ADD_BY_LINK_FAILED ? t('unknow_error') : cartErrorText(t, { code: error })}
    </p>
  ) : (
    <p role="status" className="bg-lime-100 px-4 py-3 text-center text-sm font-medium text-neutral-900">
      {t(DONE_KEYS[done ?? ''] ?? '')}
    </p>
  );
}
