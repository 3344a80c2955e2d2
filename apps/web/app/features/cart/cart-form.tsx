import { ITEM_ADDED_TOAST_MS } from '@varg/domain';
import { Loader2, ShoppingBag } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { type FetcherWithComponents, useFetcher, useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useRootData } from '../../lib/use-locale.ts';
import type { CartActionResult } from '../../routes/cart.ts';
import { buttonClass } from '../../ui/button.ts';
import { useShell } from '../shell/providers.tsx';
import { useCartErrorAlert } from './cart-error-text.ts';

/**
 * A fetcher for the cart's route whose answer is announced: an added item shows the light toast for 1500 ms (spec sections 4
 * and 9), an error the alert. `onDone` gets each successful answer (the side menu takes the cart from it).
 */
export function useCartFetcher(onDone?: (result: Extract<CartActionResult, { ok: true }>) => void) {
  const fetcher = useFetcher<CartActionResult>();
  const { t } = useTranslation();
  const { toast } = useShell();
  const showError = useCartErrorAlert();
  const seen = useRef<CartActionResult | undefined>(undefined);
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== 'idle' || !result || seen.current === result) return;
    seen.current = result;
    if (!result.ok) {
      showError(result);
      return;
    }
    if (result.intent.startsWith('add-')) {
      toast({ message: t('cart_item_added'), theme: 'light', duration: ITEM_ADDED_TOAST_MS });
    }
    done.current?.(result);
  }, [fetcher.state, fetcher.data, t, toast, showError]);
  return fetcher;
}

/**
 * Where cart forms post: `/{locale}/cart`, so the change is made in the page's market even for a visitor whose locale
 * is not stored in a cookie yet.
 */
export function useCartAction(): string {
  return `/${useRootData().segment}/cart`;
}

type Fields = Record<string, string | readonly string[] | undefined>;

/**
 * A form posting a cart change to `/{locale}/cart`. Without JavaScript it is a plain form: the server redirects back to this
 * page with the outcome in the query. With it, the fetcher posts and gets JSON (`via=fetch`).
 */
export function CartForm({
  fetcher,
  intent,
  fields = {},
  className,
  children,
  returnTo,
}: {
  fetcher: FetcherWithComponents<CartActionResult>;
  intent: string;
  fields?: Fields;
  className?: string;
  children: ReactNode;
  /** Where a post without JavaScript comes back to; this page by default. */
  returnTo?: string;
}) {
  const location = useLocation();
  const hydrated = useHydrated();
  const action = useCartAction();
  return (
    <fetcher.Form method="post" action={action} className={className}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="returnTo" value={returnTo ?? location.pathname + location.search} />
      {hydrated ? <input type="hidden" name="via" value="fetch" /> : null}
      {Object.entries(fields).flatMap(([name, value]) =>
        value === undefined
          ? []
          : (typeof value === 'string' ? [value] : value).map((v) => (
              <input key={`${name}-${v}`} type="hidden" name={name} value={v} />
            )),
      )}
      {children}
    </fetcher.Form>
  );
}

/** The primary "Add to cart" button with its busy state. */
export function AddToCartButton({
  busy,
  disabled,
  label,
  className = '',
}: {
  busy: boolean;
  disabled?: boolean;
  label?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <button
      type="submit"
      className={`${buttonClass.primary} ${className}`}
      disabled={busy || disabled}
      aria-busy={busy}
    >
      {busy ? (
        <Loader2 size={16} className="animate-spin" aria-hidden="true" />
      ) : (
        <ShoppingBag size={16} aria-hidden="true" />
      )}
      {label ?? t('cart_add')}
    </button>
  );
}
