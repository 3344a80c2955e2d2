import { interpolate } from '@varg/i18n';
import { __iconData as rotateCcwIcon } from 'lucide-react/icons/rotate-ccw';
import { useEffect, useState } from 'react';
import { data, Form, Link, useLoaderData, useLocation, useNavigate, useNavigation } from 'react-router';
import { EditBanner } from '../features/configurator/edit-banner.tsx';
import { loadConfiguredBike } from '../features/configurator/load.server.ts';
import { ConflictList, nameKeys, OptionGroup } from '../features/configurator/options.tsx';
import { orderLineEdit } from '../features/configurator/order-edit.server.ts';
import { OrderEditBanner } from '../features/configurator/order-edit-banner.tsx';
import {
  type Choice,
  chosenIds,
  editedLine,
  editQuery,
  isConfigurableModel,
  queryOf,
} from '../features/configurator/selection.ts';
import { MobileTotal, ProductJsonLd, SummaryPanel } from '../features/configurator/summary-panel.tsx';
import { useShell } from '../features/shell/providers.tsx';
import { userApi } from '../lib/auth.server.ts';
import { localeContext, servicesContext } from '../lib/context.ts';
import { useLocaleTag } from '../lib/format.ts';
import { GUARDS } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { messagesOf } from '../lib/messages.ts';
import { rootDataFrom, seoMeta } from '../lib/seo.ts';
import { useLocalePath, useRootData } from '../lib/use-locale.ts';
import { buttonClass } from '../ui/button.ts';
import { staticIcon } from '../ui/icon.tsx';
import type { Route } from './+types/configurator';

const RotateCcw = staticIcon(rotateCcwIcon);

/**
 * The same page for every anonymous visitor of a locale and link: shared caches keep it 30 s. An order line being
 * edited is the dealer's alone (the loader says so).
 */
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => ({
  'Cache-Control': loaderHeaders.get('Cache-Control') ?? 'public, max-age=0, s-maxage=30',
});

/** The query parameters of builder edit mode (not a choice: "reset" keeps them). */
const EDIT_PARAMS = ['edit', 'order', 'line'];

const MODEL_NAME_KEY = { varg: 'model_varg_name', 'varg-ex': 'model_varg_ex_name' } as const;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!isConfigurableModel(params.model)) throw new Response(null, { status: 404 });
  const { api } = context.get(servicesContext);
  const url = new URL(request.url);
  const edit = editedLine(url.searchParams);
  if (edit?.type !== 'order') return data(await loadConfiguredBike(api, context.get(localeContext), params.model, url));
  // Builder edit mode for an order line (decision 050): a dealer's, of an order they may edit.
  GUARDS.dealer?.({ request, context });
  const dealer = userApi(context, request);
  const line = await orderLineEdit(dealer, edit);
  const bike = await loadConfiguredBike(api, context.get(localeContext), params.model, url, { api: dealer, line });
  return data(bike, { headers: { 'Cache-Control': 'private, no-store' } });
}

export const meta: Route.MetaFunction = ({ matches, location, loaderData }) => {
  const root = rootDataFrom(matches);
  const m = messagesOf(root) ?? {};
  const model = loaderData ? (m[MODEL_NAME_KEY[loaderData.model]] ?? '') : '';
  return seoMeta(
    root,
    location.pathname,
    interpolate(m.configurator_title ?? '', { model }),
    interpolate(m.configurator_meta_description ?? '', { model }),
  );
};

export default function Configurator() {
  const { t } = useTranslation();
  const bike = useLoaderData<typeof loader>();
  const { model, groups, pricing, conflicts, ignored, unavailable, unknownHash, orderLine } = bike;
  const tag = useLocaleTag();
  const root = useRootData();
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
  const names = nameKeys(groups, t);
  const currency = groups[0]?.options[0]?.price.currencyCode ?? pricing?.currencyCode ?? 'USD';
  const query = queryOf(groups, choice);
  // Builder edit mode: `?edit=cart&line=…` stays on every URL of the page until the visitor saves or leaves it.
  const editing = editedLine(new URLSearchParams(search));
  const keep = editing ? editQuery(new URLSearchParams(search)) : '';
  const withKeep = (q: string) => [q, keep].filter(Boolean).join('&');
  const shareUrl = `${root.config.publicUrl.replace(/\/+$/, '')}${pathname}${query ? `?${query}` : ''}`;
  const summaryHref = `${to('/pre-summary')}?model=${model}${query ? `&${query}` : ''}`;

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
      {pricing ? <ProductJsonLd model={model} modelName={modelName} pricing={pricing} url={shareUrl} /> : null}
      <p className="text-sm font-semibold tracking-widest text-neutral-600 uppercase">{t('configurator_eyebrow')}</p>
      <h1 className="mt-1 text-3xl font-black tracking-tight sm:text-4xl">
        {t('configurator_title', { model: modelName })}
      </h1>
      <p className="mt-2 max-w-2xl text-neutral-700">{t('configurator_intro')}</p>
      {orderLine ? <OrderEditBanner edit={orderLine} pricing={pricing} updating={updating} /> : null}
      {editing?.type === 'cart' ? (
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
        <SummaryPanel
          model={model}
          modelName={modelName}
          cover={bike.cover}
          choice={choice}
          pricing={pricing}
          unavailable={unavailable}
          updating={updating}
          summaryHref={editing ? null : summaryHref}
          onCopy={hydrated ? copyLink : null}
        />

        <Form method="get" action={pathname} className="flex flex-col gap-6" preventScrollReset>
          {editing ? (
            <>
              <input type="hidden" name="edit" value={editing.type} />
              {editing.type === 'order' ? <input type="hidden" name="order" value={editing.order} /> : null}
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
            {[...new URLSearchParams(search).keys()].some((k) => !EDIT_PARAMS.includes(k)) ? (
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
      <MobileTotal pricing={pricing} summaryHref={editing ? null : summaryHref} />
    </main>
  );
}
