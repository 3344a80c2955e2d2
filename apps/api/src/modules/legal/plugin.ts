import type { Api, Platform } from '../../plugins/platform.ts';
import { legalRepo } from './repo.ts';
import { legalRoutes } from './routes.ts';
import { legalService, type TermsOfSale } from './service.ts';

/** How long a process keeps a resolved legal document (its own publishes clear it at once). */
const LEGAL_CACHE_TTL_MS = 5 * 60_000;

/** Legal documents (decision 047); answers the checkout which terms of sale a buyer accepts. */
export async function legalModule(
  app: Api,
  platform: Pick<Platform, 'database' | 'guards' | 'audit'>,
): Promise<TermsOfSale> {
  const legal = legalService({
    repo: legalRepo(platform.database.db),
    audit: platform.audit,
    cacheTtlMs: LEGAL_CACHE_TTL_MS,
  });
  await app.register(legalRoutes, { prefix: '/v1', legal, guards: platform.guards });
  return legal;
}
