import type { Api, Platform } from '../../plugins/platform.ts';
import { marketsRepo } from './repo.ts';
import { marketsRoutes } from './routes.ts';
import { type GeoLookup, type MarketsService, marketsService } from './service.ts';

/** Countries, languages and the suggested country; other modules read markets only through `MarketsService`. */
export async function marketsModule(
  app: Api,
  platform: Pick<Platform, 'database'>,
  geo: GeoLookup,
): Promise<MarketsService> {
  const markets = marketsService(marketsRepo(platform.database.db), geo);
  await app.register(marketsRoutes, { prefix: '/v1', markets });
  return markets;
}
