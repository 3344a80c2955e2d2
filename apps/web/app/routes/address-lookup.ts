import type { AddressSuggestion, ParsedAddress } from '@varg/contracts';
import { data } from 'react-router';
import { isApiRequestError } from '../lib/api.ts';
import { authContext, userApi } from '../lib/auth.server.ts';
import type { Route } from './+types/address-lookup';

// The address forms' search (decision 053), loaded by the browser's address combobox (ui/address-lookup.tsx):
//  `?country=DE` → whether lookup is on; `?country=DE&q=…` → suggestions; `?place=…` → the picked address's fields.
// Lookup is off for a visitor who is not signed in and when the API has no geocoding provider: the form then stays
// plain typing.

export interface AddressLookupData {
  /** False: no address search here; the form's plain fields are all there is. */
  enabled: boolean;
  suggestions: AddressSuggestion[];
  /** The picked place's address (`?place=`). */
  address: ParsedAddress | null;
  /** This search failed (the API's message, in the page's language); typing still works. */
  error: string | null;
}

const NO_STORE = { 'cache-control': 'private, no-store' };
const answer = (value: Partial<AddressLookupData>) =>
  data<AddressLookupData>(
    { enabled: true, suggestions: [], address: null, error: null, ...value },
    { headers: NO_STORE },
  );

export async function loader({ request, context }: Route.LoaderArgs) {
  if (!context.get(authContext).user) return answer({ enabled: false });
  const params = new URL(request.url).searchParams;
  const api = userApi(context, request);
  const place = params.get('place');
  try {
    if (place) {
      return answer({ address: await api.call('getV2AddressParse', { query: { google_place_id: place } }) });
    }
    const query = { q: params.get('q') ?? '', country: (params.get('country') ?? '').toUpperCase() };
    return answer((await api.call('getV2AddressSuggest', { query })) as Pick<AddressLookupData, 'suggestions'>);
  } catch (error) {
    if (!isApiRequestError(error)) throw error;
    if (error.code === 'GEOCODING_DISABLED' || error.status === 401) return answer({ enabled: false });
    return answer({ error: error.message });
  }
}

/**
 * A search is answered once: the page's other form posts (the checkout's re-pricing) must not load it again, which
 * would reset the combobox's list and active option under the keyboard.
 */
export function shouldRevalidate() {
  return false;
}
