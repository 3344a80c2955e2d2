// Picks the address, VAT id and tax providers from the configuration (README, "Configuration"; decision 013).
import type { ApiConfig } from '../config.ts';
import { googleGeocoding } from './geocoding/google.ts';
import type { GeocodingProvider } from './geocoding/interface.ts';
import { geocodingOff } from './geocoding/off.ts';
import { builtinTax } from './tax/builtin.ts';
import type { TaxProvider } from './tax/interface.ts';
import { stripeTax } from './tax/stripe.ts';
import type { VatIdProvider } from './vat/interface.ts';
import { jsvatProvider } from './vat/jsvat.ts';
import { viesProvider } from './vat/vies.ts';

export interface CommerceProviders {
  geocoding: GeocodingProvider;
  vat: VatIdProvider;
  tax: TaxProvider;
}

export function commerceProviders(config: ApiConfig): CommerceProviders {
  return {
    geocoding: config.googleMapsApiKey ? googleGeocoding({ apiKey: config.googleMapsApiKey }) : geocodingOff(),
    vat: config.vatCheckProvider === 'vies' ? viesProvider() : jsvatProvider(),
    // stripeTax throws without a key: the server does not start half-configured.
    tax: config.taxProvider === 'stripe' ? stripeTax({ secretKey: config.stripeSecretKey ?? '' }) : builtinTax(),
  };
}
