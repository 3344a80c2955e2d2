import type { Api, Platform } from '../../plugins/platform.ts';
import type { MarketsService } from '../markets/service.ts';
import { downloadLinks } from '../orders/download-link.ts';
import { googlePlaces, storePlaces } from './places.ts';
import { engagementRepo } from './repo.ts';
import { engagementRoutes } from './routes.ts';
import { engagementService } from './service.ts';

/** Store finder, team and CV applications, contact, newsletter. */
export async function engagementModule(
  app: Api,
  platform: Pick<Platform, 'config' | 'database' | 'guards' | 'mailer' | 'captcha' | 'storage' | 'signingKey'>,
  needs: { markets: Pick<MarketsService, 'getCountry'> },
): Promise<void> {
  const { config, database, guards, mailer, captcha, storage, signingKey } = platform;
  const repo = engagementRepo(database.db);
  const ownPlaces = storePlaces((country) => repo.storesIn(country));
  const engagement = engagementService({
    repo,
    // Decision 022: Google's Text Search with a key, else (and when Google fails) the stores' own addresses.
    places: config.googleMapsApiKey
      ? googlePlaces({ apiKey: config.googleMapsApiKey, apiBase: config.googlePlacesApiBase, fallback: ownPlaces })
      : ownPlaces,
    distanceUnit: async (country) => (await needs.markets.getCountry(country)).distanceUnit,
    storage,
    email: mailer,
    captcha,
    links: downloadLinks(signingKey),
    publicUrl: config.publicUrl,
  });
  await app.register(engagementRoutes, { prefix: '/v1', engagement, guards });
}
