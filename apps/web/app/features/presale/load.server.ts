import type { RouterContextProvider } from 'react-router';
import { isApiRequestError } from '../../lib/api.ts';
import { userApi } from '../../lib/auth.server.ts';
import { localeContext } from '../../lib/context.ts';

/**
 * A preorder model as the signed-in viewer may see it (decision 052). The API decides who is invited; to anybody else,
 * anonymous visitors included, the page is the shop's ordinary 404, so nobody learns that the model exists.
 */
export async function loadPresaleModel(
  args: { request: Request; context: Readonly<RouterContextProvider> },
  model: string | undefined,
) {
  if (!model || !/^[a-z0-9-]{1,64}$/.test(model)) throw new Response(null, { status: 404 });
  const { country } = args.context.get(localeContext);
  try {
    const bike = await userApi(args.context, args.request).call('getProductByProductIdPresale', {
      path: { productId: model },
      query: { country },
    });
    return { bike };
  } catch (error) {
    if (isApiRequestError(error) && (error.status === 404 || error.status === 400 || error.status === 401)) {
      throw new Response(null, { status: 404, headers: { 'Cache-Control': 'private, no-store' } });
    }
    throw error;
  }
}

/** The preorder model of the catalogue's seed (decision 052), which the whitelist test page links to. */
export const PRESALE_MODEL = 'varg-launch-edition';
