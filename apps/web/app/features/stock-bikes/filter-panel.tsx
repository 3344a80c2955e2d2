import { bikeOptionSlug } from '@varg/domain';
import { ChevronDown, SlidersHorizontal, X } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Form, Link, useLocation, useSubmit } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { buttonClass } from '../../ui/button.ts';
import { BIKE_COLORS } from '../bike/colors.ts';
import { type FilterKey, type OptionGroup, STOCK_MODELS, type StockModel, stockSearch } from './query.ts';

// From lg, where the browser can style ::details-content, the panel is a plain sidebar: always shown, no toggle.
// (Written out in full so Tailwind finds the classes.)
const ALWAYS_OPEN_LG =
  'supports-[selector(::details-content)]:lg:border-0 supports-[selector(::details-content)]:lg:[&::details-content]:[content-visibility:visible]';
const SUMMARY_LG =
  'supports-[selector(::details-content)]:lg:pointer-events-none supports-[selector(::details-content)]:lg:p-0 supports-[selector(::details-content)]:lg:pb-4';
const CHEVRON_LG = 'supports-[selector(::details-content)]:lg:hidden';
const BODY_LG = 'supports-[selector(::details-content)]:lg:p-0';

/**
 * Checkboxes per option group in a GET form: without JavaScript "Apply" loads the filtered list; with it, each change
 * submits at once (keeping the scroll position) and the button is not needed.
 */
export function FilterPanel({
  groups,
  model,
  listPath,
  active,
  dealer = false,
}: {
  groups: Array<OptionGroup & { key: FilterKey }>;
  model: StockModel;
  listPath: string;
  active: boolean;
  /** A dealer also chooses between its own store's stock and every bike of the market. */
  dealer?: boolean;
}) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const location = useLocation();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const params = new URLSearchParams(location.search);
  // The boxes are the browser's own (a click shows at once, also while the list loads); when the URL changes
  // otherwise (back, forward, "clear filters"), they follow it.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    const current = new URLSearchParams(location.search);
    for (const box of form.current?.querySelectorAll<HTMLInputElement>('input[type="checkbox"]') ?? []) {
      box.checked = current.getAll(box.name).includes(box.value);
    }
  }, [location.search]);

  return (
    <Form
      ref={form}
      method="get"
      action={listPath}
      preventScrollReset
      aria-labelledby="filters-title"
      className="flex flex-col gap-4"
    >
      {model !== STOCK_MODELS[0].id && <input type="hidden" name="model" value={model} />}
      {/* A disclosure on small screens, so the list is not pushed below the fold; always open from lg where the
          browser can style ::details-content (elsewhere it stays a working disclosure). */}
      <details className={`group rounded-2xl border border-neutral-200 ${ALWAYS_OPEN_LG}`}>
        <summary
          className={`flex cursor-pointer list-none items-center gap-2 rounded-2xl px-4 py-3 focus-visible:outline-2 focus-visible:outline-neutral-900 [&::-webkit-details-marker]:hidden ${SUMMARY_LG}`}
        >
          <SlidersHorizontal size={18} aria-hidden="true" />
          <h2 id="filters-title" className="text-lg font-semibold">
            {t('stock_filters_title')}
          </h2>
          <ChevronDown
            size={20}
            aria-hidden="true"
            className={`ml-auto transition-transform group-open:rotate-180 ${CHEVRON_LG}`}
          />
        </summary>
        <div className={`flex flex-col gap-6 px-4 pt-2 pb-4 ${BODY_LG}`}>
          {dealer && (
            <label className="inline-flex cursor-pointer items-center gap-2 text-sm font-semibold">
              <input
                type="checkbox"
                name="stock"
                value="mine"
                defaultChecked={params.get('stock') === 'mine'}
                onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })}
                className="size-4 accent-neutral-900"
              />
              {t('stock_filter_mine')}
            </label>
          )}
          {groups.map((group) => (
            <fieldset key={group.group}>
              <legend className="mb-2 text-sm font-semibold text-neutral-900">{t(group.nameKey)}</legend>
              <div className="flex flex-wrap gap-2">
                {group.options.map((option) => {
                  const slug = bikeOptionSlug(option.id);
                  const swatch = BIKE_COLORS[option.id];
                  return (
                    <label
                      key={option.id}
                      className="inline-flex cursor-pointer items-center gap-2 rounded-xl border border-neutral-300 bg-white px-3 py-1.5 text-sm hover:border-neutral-500 has-checked:border-neutral-900 has-checked:bg-neutral-900 has-checked:text-white has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-neutral-900"
                    >
                      <input
                        type="checkbox"
                        name={group.key}
                        value={slug}
                        defaultChecked={params.getAll(group.key).includes(slug)}
                        onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })}
                        className="size-4 accent-lime-300 focus-visible:outline-none"
                      />
                      {swatch && (
                        <span
                          aria-hidden="true"
                          className="size-3.5 rounded-full border border-neutral-400"
                          style={{ backgroundColor: swatch }}
                        />
                      )}
                      {t(option.nameKey)}
                    </label>
                  );
                })}
              </div>
            </fieldset>
          ))}
          {/* Until the script runs (or without it), the boxes are sent with this button. It sits in the disclosure,
              beside the boxes: on a phone the disclosure is closed, so dropping the button at hydration moves
              nothing on screen (beside the disclosure it shifted the list up). */}
          {!hydrated && (
            <button type="submit" className={`${buttonClass.primary} self-start`}>
              {t('stock_filters_apply')}
            </button>
          )}
        </div>
      </details>
      <div className="flex flex-wrap items-center gap-3">
        {active && (
          <Link
            to={`${listPath}${stockSearch({ model })}`}
            preventScrollReset
            className="inline-flex items-center gap-1 rounded-full px-2 py-1 text-sm font-semibold underline underline-offset-4 hover:text-neutral-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-900"
          >
            <X size={16} aria-hidden="true" />
            {t('stock_filters_clear')}
          </Link>
        )}
      </div>
    </Form>
  );
}
