import type { ComponentGroup } from '@varg/contracts';
import { bikeOptionSlug, type Conflict, formatLocaleSegment, groupKey, ITEM_ADDED_TOAST_MS } from '@varg/domain';
import { interpolate } from '@varg/i18n';
import { AlertTriangle, Check, Link2, Loader2, Pencil, RotateCcw } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Form, Link, useLoaderData, useLocation, useNavigate, useNavigation } from 'react-router';
import { bikeColor } from '../features/bike/colors.ts';
import { CartForm, useCartFetcher } from '../features/cart/cart-form.tsx';
import { loadConfiguredBike } from '../features/configurator/load.server.ts';
import { optionPrice, PriceFacts, taxNote } from '../features/configurator/price.tsx';
import {
  type Choice,
  chosenIds,
  editedLine,
  editQuery,
  isConfigurableModel,
  queryOf,
  resolve,
} from '../features/configurator/selection.ts';
import { useShell } from '../features/shell/providers.tsx';
import { localeContext, servicesContext } from '../lib/context.ts';
import { money } from '../lib/format.ts';
import { useTranslation } from '../lib/i18n.ts';
import { decimalAmount, JsonLd } from '../lib/json-ld.tsx';
import { rootDataFrom, seoMeta } from '../lib/seo.ts';
import { useLocale, useLocalePath, useRootData } from '../lib/use-locale.ts';
import { BikeIllustration } from '../ui/bike-illustration.tsx';
import { buttonClass } from '../ui/button.ts';
import type { Route } from './+types/configurator';

/** The same page for every anonymous visitor of a locale and link: shared caches keep it 30 s. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'public, max-age=0, s-maxage=30' });

const MODEL_NAME_KEY = { varg: 'model_varg_name', 'varg-ex': 'model_varg_ex_name' } as const;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!isConfigurableModel(params.model)) throw new Response(null, { status: 404 });
  const { api } = context.get(servicesContext);
  return loadConfiguredBike(api, context.get(localeContext), params.model, new URL(request.url));
}

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) => {
  const root = rootDataFrom(matches);
  const m = root?.messages ?? {};
  const model = loaderData ? (m[MODEL_NAME_KEY[loaderData.model]] ?? '') : '';
  return seoMeta(
    root,
    location.pathname,
    interpolate(m.configurator_title ?? '', { model }),
    interpolate(m.configurator_meta_description ?? '', { model }),
  );
};

/** Each option's name by id, for hints and conflicts that name options of other groups. */
function nameKeys(groups: readonly ComponentGroup[]): Map<string, string> {
  return new Map(groups.flatMap((g) => g.options.map((o) => [o.id, o.nameKey] as const)));
}

function OptionGroup({
  group,
  chosen,
  currency,
  tag,
  names,
  onChoose,
}: {
  group: ComponentGroup;
  chosen: string | undefined;
  currency: string;
  tag: string;
  names: Map<string, string>;
  onChoose(groupId: string, optionId: string): void;
}) {
  const { t } = useTranslation();
  const isColor = group.group === 'color';
  const list = (ids: string[]) => ids.map((id) => t(names.get(id) ?? id)).join(', ');
  return (
    <fieldset className="border-t border-neutral-200 pt-6">
      <legend className="float-left w-full text-lg font-semibold">{t(group.nameKey)}</legend>
      <div className={`clear-both grid gap-3 pt-3 ${isColor ? 'grid-cols-3' : 'sm:grid-cols-2'}`}>
        {group.options.map((option) => {
          const id = `opt-${option.id}`;
          const hints = [
            option.requires.length ? t('configurator_needs', { options: list(option.requires) }) : '',
            option.excludes.length ? t('configurator_not_with', { options: list(option.excludes) }) : '',
          ].filter(Boolean);
          return (
            <div key={option.id} className="relative">
              <input
                type="radio"
                id={id}
                name={groupKey(group.group)}
                value={bikeOptionSlug(option.id)}
                checked={chosen === option.id}
                onChange={() => onChoose(group.group, option.id)}
                aria-describedby={hints.length ? `${id}-hint` : undefined}
                className="peer sr-only"
              />
              <label
                htmlFor={id}
                className="flex h-full cursor-pointer flex-col gap-1 rounded-xl border-2 border-neutral-200 bg-white p-4 transition-colors peer-checked:border-neutral-900 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-neutral-900 hover:border-neutral-400"
              >
                <span className="flex items-center gap-2 font-medium">
                  {isColor ? (
                    <span
                      aria-hidden="true"
                      className="size-5 shrink-0 rounded-full ring-1 ring-neutral-400"
                      style={{ backgroundColor: bikeColor([option.id]) }}
                    />
                  ) : null}
                  {t(option.nameKey)}
                </span>
                <span className="text-sm text-neutral-600">{optionPrice(option.price.amount, currency, tag, t)}</span>
                {hints.length ? (
                  <span id={`${id}-hint`} className="text-xs text-neutral-600">
                    {hints.join(' · ')}
                  </span>
                ) : null}
              </label>
              {chosen === option.id ? (
                <Check
                  size={18}
                  aria-hidden="true"
                  className="pointer-events-none absolute top-3 right-3 text-neutral-900"
                />
              ) : null}
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

function ConflictList({
  conflicts,
  groups,
  choice,
  names,
  pathname,
  keep,
}: {
  conflicts: Conflict[];
  groups: ComponentGroup[];
  choice: Choice;
  names: Map<string, string>;
  pathname: string;
  /** Query kept on every link (builder edit mode). */
  keep: string;
}) {
  const { t } = useTranslation();
  const name = (id: string) => t(names.get(id) ?? id);
  return (
    <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <p className="flex items-center gap-2 font-semibold">
        <AlertTriangle size={18} aria-hidden="true" />
        {t('configurator_conflict_title')}
      </p>
      <ul className="mt-2 space-y-2">
        {conflicts.map((c) => {
          const fixed = resolve(groups, choice, c);
          const changed = fixed ? Object.entries(fixed).find(([g, id]) => choice[g] !== id)?.[1] : undefined;
          const query = fixed ? [queryOf(groups, fixed), keep].filter(Boolean).join('&') : '';
          return (
            <li
              key={`${c.optionId}-${c.kind}-${c.otherOptionId}`}
              className="flex flex-wrap items-center gap-x-3 gap-y-1"
            >
              <span>
                {t(c.kind === 'requires' ? 'configurator_conflict_requires' : 'configurator_conflict_excludes', {
                  option: name(c.optionId),
                  other: name(c.otherOptionId),
                })}
              </span>
              {fixed && changed ? (
                <Link
                  to={`${pathname}${query ? `?${query}` : ''}`}
                  replace
                  preventScrollReset
                  className="font-semibold underline underline-offset-2"
                >
                  {t('configurator_fix', { option: name(changed) })}
                </Link>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/**
 * Builder edit mode (spec section 4): the page edits a bike line of the cart. Saving replaces the line's
 * configuration and keeps its quantity; leaving edit mode makes this an ordinary configurator again, whose bike goes
 * into the cart as a new line of quantity 1.
 */
function EditBanner({
  line,
  componentIds,
  leaveHref,
}: {
  line: string;
  /** Null while the choice cannot be priced (a conflict): nothing to save yet. */
  componentIds: string[] | null;
  leaveHref: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { toast } = useShell();
  const fetcher = useCartFetcher((result) => {
    if (result.intent !== 'update-item') return;
    toast({ message: t('cart_line_updated'), theme: 'light', duration: ITEM_ADDED_TOAST_MS });
    navigate(leaveHref, { replace: true, preventScrollReset: true });
  });
  return (
    <section
      aria-labelledby="edit-title"
      className="mt-6 flex flex-col gap-4 rounded-2xl border-2 border-neutral-900 bg-lime-50 p-5 sm:flex-row sm:items-center sm:justify-between"
    >
      <div>
        <h2 id="edit-title" className="flex items-center gap-2 font-semibold">
          <Pencil size={18} aria-hidden="true" />
          {t('configurator_edit_title')}
        </h2>
        <p className="mt-1 text-sm text-neutral-700">{t('configurator_edit_text')}</p>
      </div>
      <div className="flex flex-wrap gap-3">
        <CartForm
          fetcher={fetcher}
          intent="update-item"
          fields={{ itemId: line, componentId: componentIds ?? [] }}
          returnTo={leaveHref}
        >
          <button
            type="submit"
            className={buttonClass.primary}
            disabled={!componentIds || fetcher.state !== 'idle'}
            aria-busy={fetcher.state !== 'idle'}
          >
            {fetcher.state !== 'idle' ? <Loader2 size={16} className="animate-spin" aria-hidden="true" /> : null}
            {t('configurator_edit_save')}
          </button>
        </CartForm>
        <Link to={leaveHref} replace preventScrollReset className={buttonClass.secondary}>
          {t('configurator_edit_leave')}
        </Link>
      </div>
    </section>
  );
}

export default function Configurator() {
  const { t } = useTranslation();
  const bike = useLoaderData<typeof loader>();
  const { model, groups, pricing, conflicts, ignored, unavailable, unknownHash } = bike;
  const locale = useLocale();
  const root = useRootData();
  const tag = formatLocaleSegment(locale);
  const to = useLocalePath();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const { pathname, search } = useLocation();
  const shell = useShell();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  // The choice shown at once on a click; the loader's answer (the price) follows.
  const [choice, setChoice] = useState<Choice>(bike.choice);
  useEffect(() => setChoice(bike.choice), [bike.choice]);
  const updating = navigation.state !== 'idle' && navigation.location?.pathname === pathname;

  const modelName = t(MODEL_NAME_KEY[model]);
  const names = nameKeys(groups);
  const currency = groups[0]?.options[0]?.price.currencyCode ?? pricing?.currencyCode ?? 'USD';
  const query = queryOf(groups, choice);
  // Builder edit mode: `?edit=cart&line=…` stays on every URL of the page until the visitor saves or leaves it.
  const editing = editedLine(new URLSearchParams(search));
  const keep = editing ? editQuery(new URLSearchParams(search)) : '';
  const withKeep = (q: string) => [q, keep].filter(Boolean).join('&');
  const shareUrl = `${root.config.publicUrl.replace(/\/+$/, '')}${pathname}${query ? `?${query}` : ''}`;
  const summaryHref = `${to('/pre-summary')}?model=${model}${query ? `&${query}` : ''}`;
  const optionsTotal = pricing ? pricing.price.amount - pricing.basePrice : 0;

  function choose(groupId: string, optionId: string) {
    const next = { ...choice, [groupId]: optionId };
    setChoice(next);
    const q = withKeep(queryOf(groups, next));
    navigate(`${pathname}${q ? `?${q}` : ''}`, { replace: true, preventScrollReset: true });
  }

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(shareUrl);
      shell.toast({ message: t('configurator_link_copied'), theme: 'success', duration: 1500 });
    } catch {
      shell.alert({ error: true, description: t('configurator_copy_failed', { url: shareUrl }) });
    }
  }

  return (
    <main id="main" className="mx-auto max-w-7xl px-4 pt-8 pb-28 lg:pt-12 lg:pb-16">
      {pricing ? (
        <JsonLd
          data={{
            '@context': 'https://schema.org',
            '@type': 'Product',
            name: modelName,
            brand: { '@type': 'Brand', name: 'Stark Future' },
            sku: `${model}-${pricing.hash}`,
            category: 'Electric motorcycle',
            offers: {
              '@type': 'Offer',
              price: decimalAmount(pricing.discountedPrice),
              priceCurrency: pricing.currencyCode,
              availability: 'https://schema.org/PreOrder',
              url: shareUrl,
            },
          }}
        />
      ) : null}
      <p className="text-sm font-semibold tracking-widest text-neutral-600 uppercase">{t('configurator_eyebrow')}</p>
      <h1 className="mt-1 text-3xl font-black tracking-tight sm:text-4xl">
        {t('configurator_title', { model: modelName })}
      </h1>
      <p className="mt-2 max-w-2xl text-neutral-700">{t('configurator_intro')}</p>
      {editing ? (
        <EditBanner
          line={editing.line}
          componentIds={pricing ? chosenIds(choice) : null}
          leaveHref={`${pathname}${query ? `?${query}` : ''}`}
        />
      ) : null}

      {unknownHash || ignored.length ? (
        <p role="status" className="mt-4 rounded-lg bg-neutral-100 p-3 text-sm text-neutral-800">
          {unknownHash
            ? t('configurator_unknown_hash')
            : t('configurator_ignored', {
                groups: ignored.map((g) => t(groups.find((x) => x.group === g)?.nameKey ?? g)).join(', '),
              })}
        </p>
      ) : null}

      <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <aside aria-labelledby="summary" className="lg:sticky lg:top-6 lg:order-2 lg:self-start">
          <div className="rounded-2xl bg-neutral-100 p-6">
            <h2 id="summary" className="sr-only">
              {t('configurator_summary')}
            </h2>
            <BikeIllustration
              color={bikeColor(Object.values(choice))}
              title={t('bike_illustration', { model: modelName })}
              className="w-full text-neutral-700"
            />
            <div aria-live="polite" aria-busy={updating} className={updating ? 'opacity-60' : ''}>
              {pricing ? (
                <>
                  <p className="mt-4 text-sm text-neutral-600">{t('configurator_total')}</p>
                  <p className="text-3xl font-bold tracking-tight" data-testid="total-price">
                    {money(pricing.discountedPrice, pricing.currencyCode, tag)}
                  </p>
                  <p className="text-sm text-neutral-600">{taxNote(pricing, tag, t)}</p>
                  <dl className="mt-4 grid grid-cols-2 gap-y-1 text-sm">
                    <dt className="text-neutral-600">{t('configurator_base_price')}</dt>
                    <dd className="text-right">{money(pricing.basePrice, pricing.currencyCode, tag)}</dd>
                    <dt className="text-neutral-600">{t('configurator_options_total')}</dt>
                    <dd className="text-right">{money(optionsTotal, pricing.currencyCode, tag)}</dd>
                  </dl>
                  <PriceFacts pricing={pricing} tag={tag} t={t} />
                  <p className="mt-4 text-xs text-neutral-600">
                    {t('configurator_code')}: <span className="font-mono">{pricing.hash}</span>
                  </p>
                </>
              ) : (
                <p className="mt-4 font-medium">
                  {unavailable ? t('configurator_unavailable') : t('configurator_conflict_price')}
                </p>
              )}
              {updating ? (
                <p className="mt-2 flex items-center gap-2 text-sm">
                  <Loader2 size={16} className="animate-spin" aria-hidden="true" />
                  {t('configurator_updating')}
                </p>
              ) : null}
            </div>
            <div className="mt-6 flex flex-col gap-3">
              {pricing && !editing ? (
                <div className="hidden lg:grid">
                  <Link to={summaryHref} className={buttonClass.primary}>
                    {t('configurator_continue')}
                  </Link>
                </div>
              ) : null}
              <button type="button" onClick={copyLink} className={buttonClass.secondary} hidden={!hydrated}>
                <Link2 size={16} aria-hidden="true" />
                {t('configurator_copy_link')}
              </button>
            </div>
          </div>
          <p className="mt-4 text-sm">
            <Link to={`${to('/varg/stock-bikes')}?model=${model}`} className="underline underline-offset-2">
              {t('configurator_stock_link', { model: modelName })}
            </Link>
          </p>
        </aside>

        <Form method="get" action={pathname} className="flex flex-col gap-6" preventScrollReset>
          {editing ? (
            <>
              <input type="hidden" name="edit" value={editing.type} />
              <input type="hidden" name="line" value={editing.line} />
            </>
          ) : null}
          {conflicts.length ? (
            <ConflictList
              conflicts={conflicts}
              groups={groups}
              choice={choice}
              names={names}
              pathname={pathname}
              keep={keep}
            />
          ) : null}
          {groups.map((group) => (
            <OptionGroup
              key={group.group}
              group={group}
              chosen={choice[group.group]}
              currency={currency}
              tag={tag}
              names={names}
              onChoose={choose}
            />
          ))}
          <div className="flex flex-wrap gap-3 border-t border-neutral-200 pt-6">
            {hydrated ? null : (
              <button type="submit" className={buttonClass.primary}>
                {t('configurator_update')}
              </button>
            )}
            {[...new URLSearchParams(search).keys()].some((k) => k !== 'edit' && k !== 'line') ? (
              <Link
                to={`${pathname}${keep ? `?${keep}` : ''}`}
                replace
                preventScrollReset
                className={buttonClass.secondary}
              >
                <RotateCcw size={16} aria-hidden="true" />
                {t('configurator_reset')}
              </Link>
            ) : null}
          </div>
        </Form>
      </div>

      {/* On small screens the total and the next step stay in reach. */}
      <div className="fixed inset-x-0 bottom-0 z-20 border-t border-neutral-200 bg-white/95 px-4 py-3 backdrop-blur lg:hidden">
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-4">
          <div>
            <p className="text-xs text-neutral-600">{t('configurator_total')}</p>
            <p className="font-bold">{pricing ? money(pricing.discountedPrice, pricing.currencyCode, tag) : '—'}</p>
          </div>
          {pricing && !editing ? (
            <Link to={summaryHref} className={buttonClass.primary}>
              {t('configurator_continue')}
            </Link>
          ) : null}
        </div>
      </div>
    </main>
  );
}
