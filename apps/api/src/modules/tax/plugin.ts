import type { Api } from '../../plugins/platform.ts';
import type { TaxProvider } from '../../providers/tax/interface.ts';
import type { VatIdProvider } from '../../providers/vat/interface.ts';
import type { MarketsService } from '../markets/service.ts';
import { type TaxLinesResolver, taxRoutes } from './routes.ts';
import { type TaxService, taxService } from './service.ts';

/**
 * Tax by the markets' rules and VAT number checks (`TaxService`). The lines of a cart or an order for
 * `POST tax/calculate` come from the checkout, built later (`resolveLinesWith`; decision 033).
 */
export async function taxModule(
  app: Api,
  needs: { markets: MarketsService; provider: TaxProvider; vat: VatIdProvider },
): Promise<TaxService & { resolveLinesWith(resolver: TaxLinesResolver): void }> {
  const tax = taxService(needs);
  let resolver: TaxLinesResolver | undefined;
  await app.register(taxRoutes, {
    prefix: '/v1',
    tax,
    linesOf: (ref, request) => (resolver ? resolver(ref, request) : Promise.resolve(null)),
  });
  return Object.assign(tax, {
    resolveLinesWith(next: TaxLinesResolver) {
      resolver = next;
    },
  });
}
