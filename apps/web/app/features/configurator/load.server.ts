// What the configurator and the pre-summary load: the model's option groups in the visitor's market, the choice
// from the URL, the rules it breaks, and — when it can be built — its price (GET checkout/orderInfo). Editing an
// order line (decision 050) it is all in the order's market, and the price is the line's (order-edit.server.ts).
import type { CatalogImage, ComponentGroup, PricingInfo } from '@varg/contracts';
import type { Conflict, Locale } from '@varg/domain';
import { redirect } from 'react-router';
import { type ApiClient, isApiRequestError } from '../../lib/api.ts';
import type { TypedCalls } from '../../lib/api-call.ts';
import { lineQuery, type OrderLineEdit, pricedForLine } from './order-edit.server.ts';
import {
  type Choice,
  type ConfigurableModel,
  choiceFromIds,
  choiceFromQuery,
  conflictsOf,
  editQuery,
  queryOf,
} from './selection.ts';

export interface ConfiguredBike {
  model: ConfigurableModel;
  groups: ComponentGroup[];
  choice: Choice;
  /** Groups whose value in the link is not offered (they show their default). */
  ignored: string[];
  conflicts: Conflict[];
  /** Null while the choice breaks a rule, or when the model has no price in this market. */
  pricing: PricingInfo | null;
  /** The model is not sold in this market (no price list). */
  unavailable: boolean;
  /** A `?hash=` that names no saved configuration. */
  unknownHash: boolean;
  /** The order line being edited (builder edit mode for orders), or null. */
  orderLine: OrderLineEdit | null;
  /** The model's cover image from the back office (decision 059); null: the drawing. */
  cover: CatalogImage | null;
}

/** Builder edit mode for an order line: the signed-in dealer's calls and the line. */
export interface OrderEditing {
  api: TypedCalls;
  line: OrderLineEdit;
}

export async function loadConfiguredBike(
  api: ApiClient,
  locale: Locale,
  model: ConfigurableModel,
  url: URL,
  editing?: OrderEditing,
): Promise<ConfiguredBike> {
  const lang = { lang: locale.lang };
  const country = editing?.line.country ?? locale.country;
  const [groups, cover] = await Promise.all([
    api.call('getProductByProductIdComponents', { path: { productId: model }, query: { country } }, lang),
    modelCover(api, model, country),
  ]);

  // A configuration named by its hash (a cart line, an old link) is rewritten into the readable URL.
  const hash = url.searchParams.get('hash');
  let unknownHash = false;
  if (hash !== null) {
    try {
      // An order line's own configuration may not be saved under its hash: the line names it.
      const saved = editing
        ? await editing.api.call('getCheckoutByHash', { path: { hash }, query: lineQuery(editing.line) })
        : await api.call('getCheckoutByHash', { path: { hash }, query: { country } }, lang);
      if (saved.productId === model) {
        // Builder edit mode (`edit=cart&line=…`, `edit=order&order=…&line=…`) survives the rewrite.
        const query = [queryOf(groups, choiceFromIds(groups, saved.componentIds)), editQuery(url.searchParams)]
          .filter(Boolean)
          .join('&');
        // A client navigation asks for `<path>.data`: the redirect names the page.
        throw redirect(`${url.pathname.replace(/\.data$/, '')}${query ? `?${query}` : ''}`);
      }
      unknownHash = true;
    } catch (error) {
      if (!isApiRequestError(error) || error.status >= 500) throw error;
      unknownHash = true;
    }
  }

  const { choice, ignored } = choiceFromQuery(groups, url.searchParams);
  const conflicts = conflictsOf(groups, choice);
  let pricing: PricingInfo | null = null;
  let unavailable = false;
  if (conflicts.length === 0) {
    const componentId = Object.values(choice);
    try {
      pricing = await api.call(
        'getCheckoutOrderInfoByProductId',
        { path: { productId: model }, query: { country, componentId } },
        lang,
      );
    } catch (error) {
      if (!isApiRequestError(error) || error.code !== 'PRICE_UNAVAILABLE') throw error;
      unavailable = true;
    }
    if (pricing && editing) pricing = await pricedForLine(editing.api, editing.line, pricing.hash);
  }
  const orderLine = editing?.line ?? null;
  return { model, groups, choice, ignored, conflicts, pricing, unavailable, unknownHash, orderLine, cover };
}

/** The cover image of a model of the market's list (the list is a cached public answer), or null. */
export async function modelCover(api: ApiClient, model: string, country: string): Promise<CatalogImage | null> {
  const list = await api.call('getProductGetlist', { query: { countryLocation: country } }).catch((error: unknown) => {
    if (isApiRequestError(error) && error.status < 500) return { docs: [] };
    throw error;
  });
  return list.docs.find((p) => p._id === model)?.images[0] ?? null;
}
