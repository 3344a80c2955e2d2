import type { StoreArticle } from '@varg/contracts';
import { useId, useState } from 'react';
import { useLocaleTag } from '../../lib/format.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { AddToCartButton, CartForm, useCartFetcher } from '../cart/cart-form.tsx';
import { Availability } from './availability.tsx';
import { articleName, attributeLabel, attributeValue, variantDimensions, variantLabel } from './labels.ts';
import { Price } from './price.tsx';

type Heading = 'h3' | 'h4';

/** Kinds of article that appear on the exploded drawings, so their drawing reference helps. */
const DRAWN = new Set(['spare_parts', 'accessories']);

/** The variant shown first: the first one that can be ordered, else the first. */
function firstChoice(article: StoreArticle): string {
  const variant = article.variants.find((v) => v.availability !== 'NOT_AVAILABLE') ?? article.variants[0];
  return variant?.variant_code ?? '';
}

/**
 * One article: name, drawing reference, its variants to choose from (size, colour, wheel size…) and the chosen
 * variant's price and availability, and the form that adds it to the cart. Without JavaScript the first orderable
 * variant is shown and the form posts the variant chosen.
 */
export function ArticleCard({
  article,
  heading: H = 'h3',
  eyebrow,
}: {
  article: StoreArticle;
  heading?: Heading;
  /** A line above the name, such as the product group. */
  eyebrow?: string;
}) {
  const { t } = useTranslation();
  const tag = useLocaleTag();
  const id = useId();
  const [chosen, setChosen] = useState(() => firstChoice(article));
  const variant = article.variants.find((v) => v.variant_code === chosen) ?? article.variants[0];
  const dimensions = variantDimensions(article.variants);
  const fixed = Object.entries(variant?.attributes ?? {}).filter(([name]) => !dimensions.includes(name));
  const name = articleName(t, article);
  const fetcher = useCartFetcher();
  const orderable = !!variant?.price && variant.availability !== 'NOT_AVAILABLE';
  return (
    <article
      aria-labelledby={eyebrow ? `${id}-eyebrow ${id}-name` : `${id}-name`}
      className="flex h-full flex-col gap-4 rounded-2xl border border-neutral-200 p-5"
    >
      <div>
        {eyebrow && (
          <p id={`${id}-eyebrow`} className="mb-1 text-xs font-semibold tracking-widest text-neutral-600 uppercase">
            {eyebrow}
          </p>
        )}
        <H id={`${id}-name`} className="text-lg leading-snug font-semibold">
          {name}
        </H>
        <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-neutral-600">
          {DRAWN.has(article.category.kind) && <span>{t('store_drawing_ref', { ref: article.drawingReference })}</span>}
          {article.kit && (
            <span className="rounded-full border border-neutral-300 px-2 py-0.5 font-semibold text-neutral-800">
              {t('store_kit')}
            </span>
          )}
        </p>
      </div>
      {fixed.length > 0 && (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          {fixed.map(([attr, value]) => (
            <div key={attr} className="contents">
              <dt className="text-neutral-600">{attributeLabel(t, attr)}</dt>
              <dd>{attributeValue(t, attr, value, tag)}</dd>
            </div>
          ))}
        </dl>
      )}
      <CartForm fetcher={fetcher} intent="add-store-item" className="mt-auto flex flex-col gap-4">
        {dimensions.length > 0 && (
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-neutral-800">
              {dimensions.map((d) => attributeLabel(t, d)).join(' · ')}
            </legend>
            <div className="flex flex-wrap gap-2">
              {article.variants.map((v) => (
                <label key={v.variant_code} className="relative">
                  <input
                    type="radio"
                    name="variant_code"
                    value={v.variant_code}
                    checked={v.variant_code === variant?.variant_code}
                    onChange={() => setChosen(v.variant_code)}
                    className="peer sr-only"
                  />
                  <span
                    className={`inline-flex min-h-10 min-w-10 cursor-pointer items-center justify-center rounded-full border px-3 text-sm font-medium peer-checked:border-neutral-900 peer-checked:bg-neutral-900 peer-checked:text-white peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-neutral-900 ${
                      v.availability === 'NOT_AVAILABLE'
                        ? 'border-dashed border-neutral-400 text-neutral-600'
                        : 'border-neutral-300 text-neutral-900 hover:border-neutral-900'
                    }`}
                  >
                    {variantLabel(t, v, dimensions, tag)}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        )}
        {variant && (
          <div className="flex flex-col gap-2" aria-live="polite">
            {dimensions.length === 0 && <input type="hidden" name="variant_code" value={variant.variant_code} />}
            <Price price={variant.price} />
            <Availability value={variant.availability} />
            <p className="text-xs text-neutral-600">{t('store_variant_code', { code: variant.variant_code })}</p>
          </div>
        )}
        {variant && orderable && (
          <div className="flex flex-wrap items-end gap-3">
            {article.category.kind === 'extended_warranty' && (
              <label className="flex w-full flex-col gap-1 text-sm font-medium">
                {t('cart_vin_label')}
                <input
                  name="vin"
                  autoComplete="off"
                  spellCheck={false}
                  maxLength={17}
                  pattern="[A-HJ-NPR-Za-hj-npr-z0-9]{17}"
                  className="rounded-lg border border-neutral-300 px-3 py-2 font-mono uppercase"
                />
              </label>
            )}
            <label className="flex flex-col gap-1 text-sm font-medium">
              {t('cart_quantity')}
              <input
                type="number"
                name="quantity"
                defaultValue={1}
                min={1}
                max={99}
                required
                className="w-20 rounded-lg border border-neutral-300 px-3 py-2"
              />
            </label>
            <AddToCartButton busy={fetcher.state !== 'idle'} className="flex-1 whitespace-nowrap" />
          </div>
        )}
      </CartForm>
    </article>
  );
}
