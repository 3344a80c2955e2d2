// The store's side of the app's part-upgrade deeplink (`?returnTo=…&addPartCodeToCart=…|extendedWarranty=…`). With a
// `vin` the add-by-link flow (lib/cart.server.ts) puts the item in the cart and goes to checkout; without one the
// store opens with the item asked for, to add to the cart, and the way back to the app. Read from the query only, so
// the store does not offer it again once it is in the cart.
import type { StoreArticle } from '@varg/contracts';
import type { RouterContextProvider } from 'react-router';
import { isApiRequestError } from '../../lib/api.ts';
import { localeContext, servicesContext } from '../../lib/context.ts';
import { deeplinkFromQuery } from '../../lib/deeplink.server.ts';

export interface PartRequest {
  returnTo: string;
  kind: 'part' | 'warranty';
  /** The article with only the variant asked for; null when the store does not know the code. */
  article: StoreArticle | null;
}

export async function partRequest(
  context: Readonly<RouterContextProvider>,
  request: Request,
): Promise<PartRequest | null> {
  const deeplink = deeplinkFromQuery(new URL(request.url).searchParams);
  if (deeplink?.type !== 'upgradePart') return null;
  const { api } = context.get(servicesContext);
  const { country, lang } = context.get(localeContext);
  const article = await api
    .call('getStoreVariantsByVariantCode', { path: { variantCode: deeplink.code }, query: { country } }, { lang })
    .then(({ article, ...variant }): StoreArticle => ({ ...article, variants: [variant] }))
    .catch((error: unknown) => {
      if (isApiRequestError(error) && error.status < 500) return null;
      throw error;
    });
  return { returnTo: deeplink.returnTo, kind: deeplink.kind, article };
}
