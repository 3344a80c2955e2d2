import type { Api, Platform } from '../../plugins/platform.ts';
import { ledgerAdmin, ledgerAdminRoutes } from './admin.ts';
import { ledgerStatusAdmin, ledgerStatusRoutes } from './admin-status.ts';
import { ledgerLinks } from './links.ts';
import { dealerLedgerRepo } from './repo.ts';
import { dealerLedgerRoutes } from './routes.ts';
import { dealerLedgerService } from './service.ts';

/** Dealers' invoices, credit notes, payments and balances; lead dealers' groups (decision 024). */
export async function dealerLedgerModule(
  app: Api,
  platform: Pick<Platform, 'database' | 'guards' | 'signingKey' | 'audit'>,
): Promise<void> {
  const ledger = dealerLedgerService({
    repo: dealerLedgerRepo(platform.database.db),
    links: ledgerLinks(platform.signingKey),
  });
  // Spec section 7: the dealer-ledger calls sit beside the v2 dealer calls; v1 answers them too.
  for (const prefix of ['/v1', '/v2'])
    await app.register(dealerLedgerRoutes, { prefix, ledger, guards: platform.guards });
  // Administrators issue documents to a dealer (decision 044).
  const admin = ledgerAdmin(platform.database.db, platform.audit);
  await app.register(ledgerAdminRoutes, { prefix: '/v1', admin, ledger, guards: platform.guards });
  // …and mark an invoice paid or void an entry (decision 054).
  const status = ledgerStatusAdmin(platform.database.db, platform.audit);
  await app.register(ledgerStatusRoutes, { prefix: '/v1', admin: status, ledger, guards: platform.guards });
}
