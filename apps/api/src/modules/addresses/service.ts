// Saved addresses (spec sections 3 "Address" and 7; decision 013). The checkout calls `get` and `create` for the
// buyer's shipping and billing addresses; every call names the user, and another user's address is never found.
import type { Address, AddressSuggestions, ParsedAddress } from '@varg/contracts';
import type { Db } from '@varg/db';
import { ACTIVE_STATUS, checkPostalCode, formatAddress, isUsState, isUuid, zipMatchesState } from '@varg/domain';
import { ApiError } from '../../lib/api-error.ts';
import type { GeocodingProvider } from '../../providers/geocoding/interface.ts';
import type { MarketsService } from '../markets/service.ts';
import { type AddressesRepo, type AddressRow, addressesRepo } from './repo.ts';

/** How many addresses one account keeps. */
export const MAX_ADDRESSES_PER_USER = 50;
/** The fewest typed characters the address search asks the provider about. */
export const MIN_SUGGEST_QUERY = 3;

/** An address as the checkout sends it (the spec's creation payload without `owner`). */
export interface AddressInput {
  country: string;
  line_1: string;
  line_2?: string | undefined;
  postal_code?: string | undefined;
  city: string;
  state?: string | undefined;
  coordinates?: [number, number] | undefined;
}

/** A saved address (the spec's internal form). */
export interface SavedAddress {
  id: string;
  country: string;
  line1: string;
  line2: string;
  postalCode: string;
  city: string;
  state: string;
  formattedAddress: string;
  /** [longitude, latitude] or null. */
  coordinates: [number, number] | null;
  createdAt: Date;
}

/** The checked address, as it will be stored. */
export type NormalizedAddress = Omit<SavedAddress, 'id' | 'createdAt'>;

function toSaved(row: AddressRow): SavedAddress {
  return {
    id: row.id,
    country: row.country,
    line1: row.line1,
    line2: row.line2,
    postalCode: row.postalCode,
    city: row.city,
    state: row.state,
    formattedAddress: row.formattedAddress,
    coordinates: row.longitude !== null && row.latitude !== null ? [row.longitude, row.latitude] : null,
    createdAt: row.createdAt,
  };
}

/** The spec's received form. */
/** The row a checked address is saved as. */
function addressRow(userId: string, address: NormalizedAddress) {
  return {
    userId,
    country: address.country,
    line1: address.line1,
    line2: address.line2,
    postalCode: address.postalCode,
    city: address.city,
    state: address.state,
    formattedAddress: address.formattedAddress,
    longitude: address.coordinates?.[0] ?? null,
    latitude: address.coordinates?.[1] ?? null,
  };
}

export function toAddress(a: SavedAddress): Address {
  return {
    _id: a.id,
    address_id: a.id,
    country: a.country,
    line_1: a.line1,
    line_2: a.line2,
    postal_code: a.postalCode,
    city: a.city,
    state: a.state,
    coordinates: a.coordinates,
    formatted_address: a.formattedAddress,
  };
}

// The API's schema already trims and bounds these; the checkout may call the service with its own input.
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
const CONTROL = /[\u0000-\u001f\u007f]/;
function field(value: string | undefined, max: number, required: boolean): string {
  const v = (value ?? '').trim().replace(/\s+/g, ' ');
  if ((required && !v) || v.length > max || CONTROL.test(v)) throw new ApiError('VALIDATION_ERROR');
  return v;
}

export function addressesService(deps: { repo: AddressesRepo; markets: MarketsService; geocoding: GeocodingProvider }) {
  const { repo, markets, geocoding } = deps;

  /**
   * Checks an address without saving it: an active country, the postal code in that country's form (returned as the
   * country writes it), in the US a state code matching the ZIP code; strings trimmed and bounded.
   */
  async function normalize(input: AddressInput): Promise<NormalizedAddress> {
    const code = String(input.country ?? '')
      .trim()
      .toUpperCase();
    if (!/^[A-Z]{2}$/.test(code)) throw new ApiError('COUNTRY_NOT_FOUND');
    const country = await markets.getCountry(code);
    if (country.status !== ACTIVE_STATUS) throw new ApiError('COUNTRY_NOT_FOUND');
    const line1 = field(input.line_1, 200, true);
    const line2 = field(input.line_2, 200, false);
    const city = field(input.city, 100, true);
    let state = field(input.state, 100, false);
    const postal = checkPostalCode(code, input.postal_code ?? '');
    if (!postal.ok) throw new ApiError('INVALID_POSTAL_CODE');
    if (code === 'US') {
      state = state.toUpperCase();
      if (!isUsState(state)) throw new ApiError('INVALID_STATE');
      if (!zipMatchesState(postal.postalCode, state)) throw new ApiError('INVALID_POSTAL_CODE');
    }
    const [lng, lat] = input.coordinates ?? [];
    const coordinates: [number, number] | null =
      typeof lng === 'number' && typeof lat === 'number' && Math.abs(lng) <= 180 && Math.abs(lat) <= 90
        ? [lng, lat]
        : null;
    const parts = { line1, line2, postalCode: postal.postalCode, city, state, country: code };
    return { ...parts, formattedAddress: formatAddress(parts, country.name), coordinates };
  }

  return {
    normalize,

    /** The user's addresses, newest first. */
    async list(userId: string): Promise<SavedAddress[]> {
      return (await repo.list(userId)).map(toSaved);
    },

    /** One of the user's addresses; null when it does not exist or is somebody else's. */
    async get(userId: string, id: string): Promise<SavedAddress | null> {
      if (!isUuid(id)) return null;
      const row = await repo.find(userId, id);
      return row ? toSaved(row) : null;
    },

    /** Saves an address for the user (checked by `normalize`); ADDRESS_LIMIT_REACHED past 50. */
    async create(userId: string, input: AddressInput): Promise<SavedAddress> {
      const address = await normalize(input);
      if ((await repo.count(userId)) >= MAX_ADDRESSES_PER_USER) throw new ApiError('ADDRESS_LIMIT_REACHED');
      const row = await repo.insert(addressRow(userId, address));
      return toSaved(row);
    },

    /**
     * `create` in two steps, for a caller's transaction (the checkout's confirm, decision 035): the address is checked
     * now (outside it: the markets are read on another connection), and saved by the answer inside `tx`.
     */
    async prepare(input: AddressInput) {
      const address = await normalize(input);
      return async (userId: string, tx: Db): Promise<void> => {
        const inTx = addressesRepo(tx);
        if ((await inTx.count(userId)) >= MAX_ADDRESSES_PER_USER) throw new ApiError('ADDRESS_LIMIT_REACHED');
        await inTx.insert(addressRow(userId, address));
      };
    },

    /** Deletes one of the user's addresses; ADDRESS_NOT_FOUND for an unknown id or somebody else's. */
    async remove(userId: string, id: string): Promise<void> {
      if (!isUuid(id) || !(await repo.remove(userId, id))) throw new ApiError('ADDRESS_NOT_FOUND');
    },

    /**
     * Addresses matching what the buyer typed, in an active market (decision 053). Under three characters nothing is
     * asked; GEOCODING_DISABLED still says so when lookup is off, which tells the form to stay plain typing.
     */
    async suggest(query: string, countryCode: string, language: string): Promise<AddressSuggestions> {
      if (geocoding.name === 'off') throw new ApiError('GEOCODING_DISABLED');
      const country = await markets.getCountry(countryCode.toUpperCase());
      if (country.status !== ACTIVE_STATUS) throw new ApiError('COUNTRY_NOT_FOUND');
      if (query.trim().length < MIN_SUGGEST_QUERY) return { suggestions: [] };
      return { suggestions: await geocoding.suggest(query.trim(), country.code, language) };
    },

    /** An address looked up by the geocoding provider (Google place id), in the creation payload's fields. */
    async parse(placeId: string, language: string): Promise<ParsedAddress> {
      const found = await geocoding.placeDetails(placeId, language);
      if (!found) throw new ApiError('PLACE_NOT_FOUND');
      return {
        line_1: found.line1,
        line_2: found.line2,
        postal_code: found.postalCode,
        city: found.city,
        state: found.state,
        country: found.country,
        coordinates: found.coordinates,
        formatted_address: found.formattedAddress,
      };
    },
  };
}
export type AddressesService = ReturnType<typeof addressesService>;
