// The store's side of the app's part-upgrade deeplink (`?returnTo=…&addPartCodeToCart=…|extendedWarranty=…`): the
// variant the app asks for, to add to the cart, and the way back to the app.
import type { StoreArticle } from '@varg/contracts';
import type { RouterContextProvider } from 'react-router';
import { isApiRequestError } from '../../lib/api.ts';
import { localeContext, servicesContext } from '../../lib/context.ts';
import { currentDeeplink } from '../../lib/deeplink.server.ts';

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
  const deeplink = currentDeeplink(request);
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
