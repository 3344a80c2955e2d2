// What the configurator and the pre-summary load: the model's option groups in the visitor's market, the choice
// from the URL, the rules it breaks, and — when it can be built — its price (GET checkout/orderInfo).
import type { ComponentGroup, PricingInfo } from '@varg/contracts';
import type { Conflict, Locale } from '@varg/domain';
import { redirect } from 'react-router';
import { type ApiClient, isApiRequestError } from '../../lib/api.ts';
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
}

export async function loadConfiguredBike(
  api: ApiClient,
  locale: Locale,
  model: ConfigurableModel,
  url: URL,
): Promise<ConfiguredBike> {
  const lang = { lang: locale.lang };
  const { country } = locale;
  const groups = await api.call(
    'getProductByProductIdComponents',
    { path: { productId: model }, query: { country } },
    lang,
  );

  // A configuration named by its hash (a cart line, an old link) is rewritten into the readable URL.
  const hash = url.searchParams.get('hash');
  let unknownHash = false;
  if (hash !== null) {
    try {
      const saved = await api.call('getCheckoutByHash', { path: { hash }, query: { country } }, lang);
      if (saved.productId === model) {
        // Builder edit mode (`edit=cart&line=…`) survives the rewrite.
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
  }
  return { model, groups, choice, ignored, conflicts, pricing, unavailable, unknownHash };
}
