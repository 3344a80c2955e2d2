import type { OrderView, OrderViewPage } from '@varg/contracts';
import { Package } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useFormat } from '../../lib/format.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useLocalePath } from '../../lib/use-locale.ts';
import { BikeIllustration } from '../../ui/bike-illustration.tsx';
import { buttonClass } from '../../ui/button.ts';
import { bikeColor } from '../bike/colors.ts';
import { Pagination } from '../store/pagination.tsx';
import { orderPath } from './paths.ts';
import { OrderStatusBadge } from './status.tsx';

type OrderLineView = OrderView['lines'][number];

/**
 * What an order card shows of an order, no more: the lists' loaders send this much of each order (`orderCards`), not
 * the whole order with its addresses, tax details and payments, which the page's loader data would otherwise carry
 * to the browser and encode on every render (decision 069).
 */
export type OrderCardView = Pick<
  OrderView,
  'id' | 'number' | 'type' | 'status' | 'createdAt' | 'currency' | 'total' | 'toPay'
> & {
  lines: Array<
    Pick<OrderLineView, 'type' | 'name' | 'quantity'> & { options: Array<Pick<OrderLineView['options'][number], 'id'>> }
  >;
};

/** A page of orders as the cards show them. */
export type OrderCardPage<T extends OrderCardView = OrderCardView> = Omit<OrderViewPage, 'docs'> & { docs: T[] };

/** The page with each order cut to what its card shows. */
export function orderCards(page: OrderViewPage): OrderCardPage {
  return {
    ...page,
    docs: page.docs.map((o) => ({
      id: o.id,
      number: o.number,
      type: o.type,
      status: o.status,
      createdAt: o.createdAt,
      currency: o.currency,
      total: o.total,
      toPay: o.toPay,
      lines: o.lines.map((l) => ({
        type: l.type,
        name: l.name,
        quantity: l.quantity,
        options: l.options.map((option) => ({ id: option.id })),
      })),
    })),
  };
}

/** What was bought, in a line: the first two names and how many more. */
function summary(order: OrderCardView, more: (count: number) => string): string {
  const names = order.lines.map((l) => (l.quantity > 1 ? `${l.quantity} × ${l.name}` : l.name));
  const shown = names.slice(0, 2).join(', ');
  return names.length > 2 ? `${shown} ${more(names.length - 2)}` : shown;
}

function OrderCard({
  order,
  showType,
  payable,
  href,
  customer,
}: {
  order: OrderCardView;
  showType: boolean;
  payable: boolean;
  href: string;
  customer: string | null;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const localePath = useLocalePath();
  const money = (amount: number) => format.money(amount, order.currency);
  const bike = order.type === 'vehicle' ? order.lines.find((l) => l.type !== 'store') : undefined;
  return (
    <li className="relative flex gap-4 rounded-2xl border border-neutral-200 bg-white p-4 focus-within:ring-2 focus-within:ring-neutral-900 hover:border-neutral-400 sm:gap-6 sm:p-5">
      <div className="hidden w-28 shrink-0 items-center justify-center rounded-xl bg-neutral-100 px-2 text-neutral-700 sm:flex">
        {bike ? (
          <BikeIllustration
            color={bikeColor(bike.options.map((o) => o.id))}
            title={t('bike_illustration', { model: bike.name })}
            className="w-full"
          />
        ) : (
          <Package size={36} aria-hidden="true" />
        )}
      </div>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
          <div>
            <h2 className="text-lg font-bold">
              {/* The whole card is the link; its name is the order number. */}
              <Link
                to={localePath(href)}
                className="after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none"
              >
                {t('order_number', { number: order.number })}
              </Link>
            </h2>
            <p className="text-sm text-neutral-600">
              {t('order_placed_on', { date: format.day(order.createdAt) })}
              {showType && <> · {t(`order_type_${order.type}`)}</>}
            </p>
            {customer && <p className="text-sm font-medium text-neutral-800">{customer}</p>}
          </div>
          <OrderStatusBadge status={order.status} />
        </div>
        <p className="mt-2 line-clamp-2 text-neutral-900">
          {summary(order, (count) => t('order_more_items', { count }))}
        </p>
        <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:flex sm:flex-wrap">
          <div>
            <dt className="text-neutral-600">{t('order_total')}</dt>
            <dd className="font-semibold tabular-nums">{money(order.total)}</dd>
          </div>
          {order.toPay > 0 && order.status !== 'cancelled' && (
            <div>
              <dt className="text-neutral-600">{t('order_to_pay')}</dt>
              <dd className="font-semibold tabular-nums">{money(order.toPay)}</dd>
            </div>
          )}
        </dl>
        {payable && order.toPay > 0 && order.status !== 'cancelled' && (
          // Above the card's own link (its overlay covers the card).
          <Link to={localePath(`/complete-order/${order.id}`)} className={`${buttonClass.primary} relative z-10 mt-3`}>
            {t('orders_pay_balance')} · {money(order.toPay)}
          </Link>
        )}
      </div>
    </li>
  );
}

/** A page of orders as cards, each leading to its order, with the page links; or the empty state. */
export function OrderList<T extends OrderCardView>({
  page,
  label,
  showType = false,
  payable = false,
  hrefOf = orderPath,
  customerOf,
  empty,
}: {
  page: OrderCardPage<T>;
  /** Accessible name of the list. */
  label: string;
  showType?: boolean;
  /** The buyer's own lists: an order with money due links straight to paying it. */
  payable?: boolean;
  /** Where each order leads (the buyer's own page by default; dealers have theirs). */
  hrefOf?: (order: T) => string;
  /** Who the order is for, shown under its date (the dealer's list). */
  customerOf?: (order: T) => string;
  empty: ReactNode;
}) {
  if (page.totalDocs === 0) return <>{empty}</>;
  return (
    <>
      <ul aria-label={label} className="flex flex-col gap-4">
        {page.docs.map((order) => (
          <OrderCard
            key={order.id}
            order={order}
            showType={showType}
            payable={payable}
            href={hrefOf(order)}
            customer={customerOf?.(order) ?? null}
          />
        ))}
      </ul>
      <Pagination page={page.page} totalPages={page.totalPages} />
    </>
  );
}

/** No orders yet: a word and where to start. */
export function EmptyOrders({ text, links }: { text: string; links: Array<{ label: string; to: string }> }) {
  const localePath = useLocalePath();
  return (
    <div className="rounded-2xl border border-dashed border-neutral-300 p-8 text-center">
      <Package size={32} aria-hidden="true" className="mx-auto text-neutral-500" />
      <p className="mt-3 text-lg font-semibold">{text}</p>
      <div className="mt-5 flex flex-wrap justify-center gap-3">
        {links.map((link, i) => (
          <Link
            key={link.to}
            to={localePath(link.to)}
            className={i === 0 ? buttonClass.primary : buttonClass.secondary}
          >
            {link.label}
          </Link>
        ))}
      </div>
    </div>
  );
}

/** The page's title and introduction. */
export function OrdersHeader({ title, intro }: { title: string; intro: string }) {
  return (
    <div>
      <h1 className="text-3xl font-bold tracking-tight">{title}</h1>
      <p className="mt-2 max-w-2xl text-neutral-600">{intro}</p>
    </div>
  );
}
