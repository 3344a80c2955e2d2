import type { Cart, CartItem, CartStoreItem } from '@varg/contracts';
import { CART_MAX_QUANTITY, formatLocaleSegment } from '@varg/domain';
import { formatPercent } from '@varg/i18n';
import { AlertTriangle, Loader2, Minus, Pencil, Plus, ShoppingBag, Trash2, X } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Link, useFetcher } from 'react-router';
import { money } from '../../lib/format.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useLocalePath, useRootData } from '../../lib/use-locale.ts';
import type { CartLoaderData } from '../../routes/cart.ts';
import { buttonClass } from '../../ui/button.ts';
import { useCartAction, useCartFetcher } from '../cart/cart-form.tsx';
import { articleName, attributeLabel, attributeValue } from '../store/labels.ts';
import { useShell } from './providers.tsx';

/** The option groups that name a bike in a line ("VARG MX · White · 80 hp"). */
const KEY_GROUPS = ['color', 'power'];
/** Models with a configurator, whose lines can be edited there (builder edit mode). */
const EDITABLE = new Set(['varg', 'varg-ex']);

type SetCart = (cart: Cart) => void;

/** A line's −/+ stepper and remove button; the cart's answer replaces the side menu's cart. */
function LineControls({
  kind,
  id,
  name,
  quantity,
  fixed,
  onCart,
}: {
  kind: 'bike' | 'store';
  id: string;
  name: string;
  quantity: number;
  /** A stock bike: always one. */
  fixed: boolean;
  onCart: SetCart;
}) {
  const { t } = useTranslation();
  const { confirm } = useShell();
  const fetcher = useCartFetcher((result) => onCart(result.cart));
  const action = useCartAction();
  const busy = fetcher.state !== 'idle';
  const submit = (intent: string) =>
    fetcher.submit({ intent, line: kind, itemId: id, via: 'fetch' }, { method: 'post', action });
  async function remove() {
    if (await confirm({ title: t('cart_remove_title'), description: t('cart_remove_text', { name }) }))
      submit('remove');
  }
  const step =
    'inline-flex size-9 items-center justify-center rounded-full border border-neutral-300 hover:border-neutral-900 disabled:opacity-40 disabled:hover:border-neutral-300';
  return (
    <div className="mt-3 flex items-center justify-between gap-3">
      {fixed ? (
        <p className="text-sm text-neutral-700">{t('cart_quantity_value', { count: quantity })}</p>
      ) : (
        // biome-ignore lint/a11y/useSemanticElements: a group of buttons, not form fields
        <div role="group" aria-label={t('cart_quantity_of', { name })} className="flex items-center gap-2">
          <button
            type="button"
            className={step}
            onClick={() => submit('decrement')}
            disabled={busy || quantity <= 1}
            aria-label={t('cart_decrease', { name })}
          >
            <Minus size={16} aria-hidden="true" />
          </button>
          <output
            aria-live="polite"
            className="min-w-8 text-center font-semibold tabular-nums"
            data-testid="line-quantity"
          >
            {quantity}
          </output>
          <button
            type="button"
            className={step}
            onClick={() => submit('increment')}
            disabled={busy || quantity >= CART_MAX_QUANTITY}
            aria-label={t('cart_increase', { name })}
          >
            <Plus size={16} aria-hidden="true" />
          </button>
          {busy ? <Loader2 size={16} className="animate-spin text-neutral-600" aria-hidden="true" /> : null}
        </div>
      )}
      <button
        type="button"
        onClick={remove}
        disabled={busy}
        className="inline-flex items-center gap-1.5 rounded-full px-2 py-1.5 text-sm text-neutral-700 hover:bg-neutral-100 hover:text-neutral-950"
        aria-label={t('cart_remove', { name })}
      >
        <Trash2 size={16} aria-hidden="true" />
        <span className="hidden sm:inline">{t('cart_remove_short')}</span>
      </button>
    </div>
  );
}

function LinePrice({ line, tag }: { line: Pick<CartItem, 'subTotal' | 'quantity' | 'available'>; tag: string }) {
  const { t } = useTranslation();
  if (!line.available || !line.subTotal) {
    return (
      <p className="flex items-center gap-1.5 text-sm font-medium text-amber-800">
        <AlertTriangle size={16} aria-hidden="true" />
        {t('cart_line_unavailable')}
      </p>
    );
  }
  const amount = (minor: number) => money(minor, line.subTotal?.symbol ?? 'USD', tag);
  return (
    <div className="text-right">
      <p className="font-semibold tabular-nums">{amount(line.subTotal.price)}</p>
      {line.quantity > 1 ? (
        <p className="text-xs text-neutral-600">{t('cart_each', { price: amount(line.subTotal.unitPrice) })}</p>
      ) : null}
    </div>
  );
}

function Line({
  title,
  detail,
  price,
  children,
}: {
  title: string;
  detail: ReactNode;
  price: ReactNode;
  children: ReactNode;
}) {
  return (
    <li className="border-b border-neutral-200 py-4" data-testid="cart-line">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-semibold">{title}</p>
          <div className="text-sm text-neutral-600">{detail}</div>
        </div>
        {price}
      </div>
      {children}
    </li>
  );
}

function BikeLine({ line, tag, onCart }: { line: CartItem; tag: string; onCart: SetCart }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const model = t(line.nameKey);
  const options = line.options.filter((o) => KEY_GROUPS.includes(o.group)).map((o) => t(o.nameKey));
  const name = [model, ...options].join(' · ');
  const editHref =
    !line.stock && EDITABLE.has(line.productId)
      ? `${to(`/${line.productId}/configurator`)}?hash=${line.hash}&edit=cart&line=${line._id}`
      : null;
  return (
    <Line
      title={model}
      price={<LinePrice line={line} tag={tag} />}
      detail={
        <>
          <p>{options.join(' · ')}</p>
          {line.stock ? <p>{t('cart_stock_bike', { id: line.stockBikeId ?? '' })}</p> : null}
          {line.overwritePrice !== null && line.subTotal ? (
            <p data-testid="dealer-price">
              {t('cart_dealer_price', {
                price: money(line.overwritePrice, line.subTotal.symbol, tag),
                list: line.catalogPrice === null ? '—' : money(line.catalogPrice, line.subTotal.symbol, tag),
              })}
            </p>
          ) : null}
          {editHref ? (
            <Link
              to={editHref}
              className="mt-1 inline-flex items-center gap-1 font-medium text-neutral-900 underline underline-offset-2"
            >
              <Pencil size={14} aria-hidden="true" />
              {t('cart_edit_bike')}
            </Link>
          ) : null}
        </>
      }
    >
      <LineControls kind="bike" id={line._id} name={name} quantity={line.quantity} fixed={line.stock} onCart={onCart} />
    </Line>
  );
}

function StoreLine({ line, tag, onCart }: { line: CartStoreItem; tag: string; onCart: SetCart }) {
  const { t } = useTranslation();
  const title = articleName(t, line);
  const attributes = Object.entries(line.attributes).map(
    ([attr, value]) => `${attributeLabel(t, attr)}: ${attributeValue(t, attr, value, tag)}`,
  );
  return (
    <Line
      title={title}
      price={<LinePrice line={line} tag={tag} />}
      detail={
        <>
          {attributes.length ? <p>{attributes.join(' · ')}</p> : null}
          {line.vin ? <p>{t('cart_vin', { vin: line.vin })}</p> : null}
        </>
      }
    >
      <LineControls kind="store" id={line._id} name={title} quantity={line.quantity} fixed={false} onCart={onCart} />
    </Line>
  );
}

function Totals({ cart, tag, onCart }: { cart: Cart; tag: string; onCart: SetCart }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const { confirm } = useShell();
  const cleaner = useCartFetcher((result) => onCart(result.cart));
  const action = useCartAction();
  const amount = (minor: number) => money(minor, cart.currency, tag);
  const { subTotal } = cart;
  const rate = formatPercent(tag, subTotal.vat);
  const row = 'flex justify-between gap-4';
  async function clean() {
    if (await confirm({ title: t('cart_clean_title'), description: t('cart_clean_text') }))
      cleaner.submit({ intent: 'clean', via: 'fetch' }, { method: 'post', action });
  }
  return (
    <div className="border-t border-neutral-200 bg-neutral-50 px-5 py-4">
      <dl className="grid gap-1.5 text-sm" data-testid="cart-totals">
        {subTotal.price > subTotal.priceWithDiscount ? (
          <div className={row}>
            <dt className="text-neutral-700">{t('cart_discount')}</dt>
            <dd className="tabular-nums">−{amount(subTotal.price - subTotal.priceWithDiscount)}</dd>
          </div>
        ) : null}
        <div className={`${row} text-base font-bold`}>
          <dt>{t('cart_subtotal')}</dt>
          <dd className="tabular-nums" data-testid="cart-subtotal">
            {amount(subTotal.priceWithDiscount)}
          </dd>
        </div>
        <div className={row}>
          <dt className="text-neutral-700">
            {subTotal.vat > 0 ? t('cart_vat_included', { rate }) : t('cart_tax_at_checkout')}
          </dt>
          <dd className="tabular-nums" data-testid="cart-vat">
            {subTotal.vat > 0 ? amount(subTotal.vatAmount) : '—'}
          </dd>
        </div>
        {subTotal.deposit > 0 ? (
          <div className={row}>
            <dt className="text-neutral-700">{t('cart_deposit')}</dt>
            <dd className="tabular-nums" data-testid="cart-deposit">
              {amount(subTotal.deposit)}
            </dd>
          </div>
        ) : null}
      </dl>
      {cart.checkoutable ? (
        <Link to={to('/checkout')} className={`${buttonClass.primary} mt-4 w-full`}>
          {t('cart_checkout')}
        </Link>
      ) : (
        <p className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">{t('cart_not_checkoutable')}</p>
      )}
      <button
        type="button"
        onClick={clean}
        disabled={cleaner.state !== 'idle'}
        className="mt-3 w-full text-center text-sm text-neutral-700 underline underline-offset-2 hover:text-neutral-950"
      >
        {t('cart_clean')}
      </button>
    </div>
  );
}

/**
 * The cart side menu (spec section 2): its lines priced in the page's market, quantity steppers, removal with a
 * confirmation, totals and the way to checkout. A failed read empties it and says so (spec section 4).
 */
export default function CartDrawer({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const { segment, locale } = useRootData();
  const { toast } = useShell();
  const tag = formatLocaleSegment(locale);
  const loader = useFetcher<CartLoaderData>();
  /** undefined while loading; null when there is no cart. */
  const [cart, setCart] = useState<Cart | null | undefined>(undefined);

  // biome-ignore lint/correctness/useExhaustiveDependencies: loads once per opening and market
  useEffect(() => {
    loader.load(`/${segment}/cart`);
  }, [segment]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: reacts to the loaded answer only
  useEffect(() => {
    if (loader.state !== 'idle' || !loader.data) return;
    if (loader.data.error) {
      setCart(null);
      toast({ message: t('cart_load_failed'), theme: 'error', duration: 4000 });
    } else setCart(loader.data.cart);
  }, [loader.state, loader.data]);

  const lines = cart ? cart.items.length + cart.storeItems.length : 0;
  return (
    <ModalOverlay
      isOpen
      isDismissable
      onOpenChange={(open) => !open && onClose()}
      className="fixed inset-0 z-50 bg-black/60"
    >
      <Modal className="fixed inset-y-0 right-0 w-full max-w-md bg-white text-neutral-900 shadow-xl">
        <Dialog className="flex h-full flex-col outline-none">
          <div className="flex items-center justify-between border-b border-neutral-200 px-5 py-4">
            <Heading slot="title" className="text-lg font-semibold">
              {t('cart_title')}
            </Heading>
            <button
              type="button"
              onClick={onClose}
              aria-label={t('cart_close')}
              className="rounded-full p-1.5 hover:bg-neutral-100"
            >
              <X size={20} aria-hidden="true" />
            </button>
          </div>
          {cart === undefined ? (
            <p
              role="status"
              data-testid="cart-loading"
              className="flex flex-1 items-center justify-center gap-2 text-neutral-700"
            >
              <Loader2 size={20} className="animate-spin" aria-hidden="true" />
              {t('cart_loading')}
            </p>
          ) : !cart || lines === 0 ? (
            <div className="flex flex-1 flex-col items-center justify-center gap-3 px-8 text-center">
              <ShoppingBag size={40} className="text-neutral-400" aria-hidden="true" />
              <p className="font-medium">{t('cart_empty')}</p>
              <p className="text-sm text-neutral-600">{t('cart_empty_hint')}</p>
            </div>
          ) : (
            <>
              <ul className="flex-1 overflow-y-auto px-5" aria-label={t('cart_lines')}>
                {cart.items.map((line) => (
                  <BikeLine key={line._id} line={line} tag={tag} onCart={setCart} />
                ))}
                {cart.storeItems.map((line) => (
                  <StoreLine key={line._id} line={line} tag={tag} onCart={setCart} />
                ))}
              </ul>
              <Totals cart={cart} tag={tag} onCart={setCart} />
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
