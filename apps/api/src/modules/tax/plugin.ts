import type { Api } from '../../plugins/platform.ts';
import type { TaxProvider } from '../../providers/tax/interface.ts';
import type { VatIdProvider } from '../../providers/vat/interface.ts';
import type { MarketsService } from '../markets/service.ts';
import { taxRoutes } from './routes.ts';
import { type TaxService, taxService } from './service.ts';

/** Tax by the markets' rules and VAT number checks (`TaxService`). */
export async function taxModule(
  app: Api,
  needs: { markets: MarketsService; provider: TaxProvider; vat: VatIdProvider },
): Promise<TaxService> {
  const tax = taxService(needs);
  await app.register(taxRoutes, { prefix: '/v1', tax });
  return tax;
}
