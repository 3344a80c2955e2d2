import { CalendarCheck, CircleCheck } from 'lucide-react';
import { Link } from 'react-router';
import { useFormat } from '../../lib/format.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { BikeIllustration } from '../../ui/bike-illustration.tsx';
import { buttonClass } from '../../ui/button.ts';
import { bikeColor } from '../bike/colors.ts';
import { chosenOptions, type OptionGroup } from './query.ts';
import { type StockBike, taxNoteKey } from './types.ts';

/** "In stock", in words and with an icon (never by colour alone). */
export function InStockBadge() {
  const { t } = useTranslation();
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-emerald-100 px-3 py-1 text-xs font-semibold text-emerald-900">
      <CircleCheck size={14} aria-hidden="true" />
      {t('stock_in_stock')}
    </span>
  );
}

/** One bike of the list: its picture in its colour, the options buyers filter on, price, deposit and delivery. */
export function StockBikeCard({
  bike,
  modelName,
  groups,
  href,
}: {
  bike: StockBike;
  modelName: string;
  groups: readonly OptionGroup[];
  href: string;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const { pricing } = bike;
  const currencyCode = pricing.currencyCode;
  const headingId = `bike-${bike._id}`;
  const delivery = pricing.stockBikeDeliveryDate ?? pricing.deliveryDate;
  return (
    <article aria-labelledby={headingId} className="flex h-full flex-col overflow-hidden rounded-2xl bg-neutral-100">
      <div className={`relative bg-neutral-200 text-neutral-700 ${bike.photos[0] ? '' : 'px-6 pt-8'}`}>
        <div className="absolute top-3 left-3">
          <InStockBadge />
        </div>
        {bike.photos[0] ? (
          // The bike's own photo when the back office has one (decision 043), else its drawing in its colour.
          <img
            src={bike.photos[0]}
            alt={t('stock_photo_alt', { model: modelName })}
            className="aspect-[4/3] w-full object-cover"
            loading="lazy"
          />
        ) : (
          <BikeIllustration
            color={bikeColor(bike.componentIds)}
            title={t('bike_illustration', { model: modelName })}
            className="w-full"
          />
        )}
      </div>
      <div className="flex flex-1 flex-col p-6">
        <h3 id={headingId} className="text-2xl font-bold">
          {modelName}
        </h3>
        <p className="text-sm text-neutral-600">{t('stock_number', { id: bike._id })}</p>
        <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
          {chosenOptions(bike.componentIds, groups).map(({ group, option }) => (
            <div key={group.group}>
              <dt className="text-neutral-600">{t(group.nameKey)}</dt>
              <dd className="font-medium">{t(option.nameKey)}</dd>
            </div>
          ))}
        </dl>
        <div className="mt-5 border-t border-neutral-300 pt-4">
          {pricing.discountPercentage > 0 && (
            <p className="text-sm text-neutral-600">
              <span className="sr-only">{t('stock_price_before_discount')} </span>
              <s>{format.price({ amount: pricing.totalPrice, currencyCode })}</s>
            </p>
          )}
          <p className="flex flex-wrap items-baseline gap-x-2">
            <span className="text-2xl font-bold">
              {format.price({ amount: pricing.discountedPrice, currencyCode })}
            </span>
            <span className="text-sm text-neutral-600">{t(taxNoteKey(pricing.taxDisplay))}</span>
          </p>
          <p className="mt-1 text-sm text-neutral-700">
            {t('stock_deposit_amount', { amount: format.price(pricing.deposit) })}
          </p>
          {delivery && (
            <p className="mt-1 flex items-center gap-1.5 text-sm text-neutral-700">
              <CalendarCheck size={16} aria-hidden="true" />
              {t('stock_delivery_by', { date: format.date(delivery) })}
            </p>
          )}
        </div>
        <Link to={href} className={`${buttonClass.primary} mt-6 self-start`}>
          {t('stock_view_bike')}
          <span className="sr-only">
            {' '}
            {modelName} {bike._id}
          </span>
        </Link>
      </div>
    </article>
  );
}
