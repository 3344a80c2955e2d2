import type { Api, Platform } from '../../plugins/platform.ts';
import { contentRepo } from './repo.ts';
import { contentRoutes } from './routes.ts';
import { contentService } from './service.ts';

/** Site banners over the storefront, managed in the back office (decision 045). */
export async function contentModule(
  app: Api,
  platform: Pick<Platform, 'database' | 'guards' | 'audit'>,
): Promise<void> {
  const content = contentService({ repo: contentRepo(platform.database.db), audit: platform.audit });
  await app.register(contentRoutes, { prefix: '/v1', content, guards: platform.guards });
}
