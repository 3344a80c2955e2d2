import type { Database } from '@varg/db';
import type { FastifyServerOptions } from 'fastify';
import type { ApiConfig } from '../config.ts';
import type { GeoLookup } from '../modules/markets/service.ts';
import type { PaymentProviders } from '../modules/payments/service.ts';
import type { CaptchaProvider } from '../providers/captcha/interface.ts';
import type { CommerceProviders } from '../providers/select.ts';
import type { StorageProvider } from '../providers/storage/interface.ts';

/** What `buildApi` is built from: the configuration and database, and the providers tests replace. */
export interface ApiDeps {
  config: ApiConfig;
  database: Database;
  geo?: GeoLookup;
  /** Replaces the configured address, VAT id or tax provider (tests). */
  providers?: Partial<CommerceProviders>;
  /** Replaces the payment providers of the markets (tests). */
  paymentProviders?: PaymentProviders;
  /** Replaces the captcha of anonymous forms (tests). */
  captcha?: CaptchaProvider;
  /** Replaces the file storage (tests). */
  storage?: StorageProvider;
  logger?: FastifyServerOptions['logger'];
}
