import type { AddressesService } from '../modules/addresses/service.ts';
import type { AuditService } from '../modules/audit/service.ts';
import type { CatalogChanges } from '../modules/catalog/changes.ts';
import type { IdentityService } from '../modules/identity/service.ts';
import type { GeoLookup, MarketsService } from '../modules/markets/service.ts';
import type { PayLinks } from '../modules/orders/pay-links.ts';
import type { OrdersService } from '../modules/orders/service.ts';
import type { ShippingService } from '../modules/shipping/service.ts';
import type { TaxService } from '../modules/tax/service.ts';
import type { CaptchaProvider } from '../providers/captcha/interface.ts';
import type { StorageProvider } from '../providers/storage/interface.ts';

/** What the web server's pages use of the API's modules (`app.services`). */
export interface Services {
  markets: MarketsService;
  geo: GeoLookup;
  identity: IdentityService;
  audit: AuditService;
  /** Saved addresses: `list(userId)`, `get(userId, id)`, `create(userId, input)`, `normalize(input)`. */
  addresses: AddressesService;
  /** `allowedMethods({country, kind, subtotal})`, `find(request, id)`. */
  shipping: ShippingService;
  /** `calculate(TaxInput)`, `calculateFor(request)`, `vatValid(vat, country)`, `market(country)`. */
  tax: TaxService;
  /** Order reads, invoices and order e-mails (`sendOrderConfirmation`, `sendPaymentReceived`). */
  orders: OrdersService;
  /** Unpaid orders' signed pay links (decision 062): `sendDue(now)` is the job's round. */
  payLinks: PayLinks;
  /** `verify(token, action, ip)` for anonymous forms; `siteKey` for the page (null: off). */
  captcha: CaptchaProvider;
  /** Uploaded files (CVs, dealer invoices): `put`, `get`, `delete` by key. */
  storage: StorageProvider;
  /** Catalogue changes of any process: the page cache drops its pages on each (decision 041). */
  catalogChanges: Pick<CatalogChanges, 'subscribe'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
