// Picks the address, VAT id and tax providers from the configuration (README, "Configuration"; decision 013).
import type { ApiConfig } from '../config.ts';
import type { CaptchaProvider } from './captcha/interface.ts';
import { captchaOff } from './captcha/off.ts';
import { recaptchaEnterprise } from './captcha/recaptcha-enterprise.ts';
import { googleGeocoding } from './geocoding/google.ts';
import type { GeocodingProvider } from './geocoding/interface.ts';
import { geocodingOff } from './geocoding/off.ts';
import type { StorageProvider } from './storage/interface.ts';
import { localStorage, memoryStorage } from './storage/local.ts';
import { s3Storage } from './storage/s3.ts';
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
    geocoding: config.googleMapsApiKey
      ? googleGeocoding({ apiKey: config.googleMapsApiKey, apiBase: config.googlePlacesApiBase })
      : geocodingOff(),
    vat:
      config.vatCheckProvider === 'vies'
        ? viesProvider({ requesterVatId: config.viesRequesterVatId })
        : jsvatProvider(),
    // stripeTax throws without a key: the server does not start half-configured.
    tax: config.taxProvider === 'stripe' ? stripeTax({ secretKey: config.stripeSecretKey ?? '' }) : builtinTax(),
  };
}

/** The captcha of anonymous forms: reCAPTCHA Enterprise when its keys are set, else off (logged once). */
export function captchaProvider(config: ApiConfig, log: (message: string) => void): CaptchaProvider {
  return config.recaptcha ? recaptchaEnterprise(config.recaptcha) : captchaOff(log);
}

/** Uploaded files: S3 when S3_BUCKET is set, else DATA_DIR/uploads; in memory when the config names neither (tests). */
export function storageProvider(config: ApiConfig): StorageProvider {
  const storage = config.storage;
  if (storage?.kind === 's3') return s3Storage(storage);
  if (storage?.kind === 'local') return localStorage(storage.dir);
  return memoryStorage();
}
