import { z } from 'zod';
import { CountryCode } from './markets.ts';

// Saved addresses (spec sections 3 "Address" and 7 "Addresses and payment methods"; decision 013).

/** Text of an address field: trimmed, no control characters, at most `max` characters. */
const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .regex(/^[^\p{Cc}]*$/u, 'validation_malformed_text');

/** [longitude, latitude], GeoJSON order like the dealers' store locations. */
export const Coordinates = z
  .tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)])
  .meta({ description: '[longitude, latitude]' });

export const AddressId = z.uuid().meta({ description: 'An address id (UUID)' });

/** An address as the API answers it (the spec's "Address (received)"). */
export const Address = z
  .object({
    _id: z.string(),
    address_id: z.string(),
    country: z.string().meta({ example: 'DE' }),
    line_1: z.string().meta({ example: 'Landsberger Str. 302' }),
    line_2: z.string(),
    postal_code: z.string().meta({ example: '80687' }),
    city: z.string().meta({ example: 'München' }),
    state: z.string(),
    coordinates: Coordinates.nullable(),
    formatted_address: z.string().meta({ example: 'Landsberger Str. 302, 80687 München, Germany' }),
  })
  .meta({ id: 'Address' });
export type Address = z.infer<typeof Address>;

export const AddressList = z.object({ addresses: z.array(Address) }).meta({ id: 'AddressList' });
export type AddressList = z.infer<typeof AddressList>;

/** The spec's creation payload. The postal code's form and the country's activity are checked by the service. */
export const AddressCreate = z
  .object({
    owner: z.string().max(64).optional().meta({ description: "The caller's user id; anybody else's is a 403" }),
    country: CountryCode,
    line_1: text(200).min(1),
    line_2: text(200).default(''),
    postal_code: text(16).min(1),
    city: text(100).min(1),
    state: text(100).default('').meta({ description: 'Required in the US: the USPS code (TX)' }),
    coordinates: Coordinates.optional(),
  })
  .meta({ id: 'AddressCreate' });
export type AddressCreate = z.input<typeof AddressCreate>;

export const AddressParams = z.object({ id: AddressId });

export const AddressParseQuery = z.object({
  google_place_id: z
    .string()
    .trim()
    .min(1)
    .max(512)
    .regex(/^[A-Za-z0-9_-]+$/, 'form_invalid'),
});

/** What the buyer typed into the address search, in one country (decision 053). */
export const AddressSuggestQuery = z.object({
  q: text(200).default('').meta({ description: 'What the buyer typed; under 3 characters answers no suggestions' }),
  country: CountryCode,
});

export const AddressSuggestion = z
  .object({
    placeId: z.string().meta({ description: 'For `GET /v2/address/parse?google_place_id=`' }),
    label: z.string().meta({ description: 'The address as the buyer picks it' }),
  })
  .meta({ id: 'AddressSuggestion' });
export type AddressSuggestion = z.infer<typeof AddressSuggestion>;

export const AddressSuggestions = z
  .object({ suggestions: z.array(AddressSuggestion).max(5) })
  .meta({ id: 'AddressSuggestions' });
export type AddressSuggestions = z.infer<typeof AddressSuggestions>;

/** An address looked up by the geocoding provider, ready for the creation payload. */
export const ParsedAddress = z
  .object({
    line_1: z.string(),
    line_2: z.string(),
    postal_code: z.string(),
    city: z.string(),
    state: z.string(),
    country: z.string(),
    coordinates: Coordinates.nullable(),
    formatted_address: z.string(),
  })
  .meta({ id: 'ParsedAddress' });
export type ParsedAddress = z.infer<typeof ParsedAddress>;
