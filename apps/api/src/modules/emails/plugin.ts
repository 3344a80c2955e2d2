import type { Api, Platform } from '../../plugins/platform.ts';
import { orderFigures } from '../orders/dashboard.ts';
import { emailOutbox } from './repo.ts';
import { adminEmailRoutes } from './routes.ts';

/**
 * The back office's view of the outbox (decision 065): dead letters listed and sent again by administrators. The
 * outbox table belongs to the e-mail provider (decision 056); order numbers come from the orders' read interface.
 */
export async function adminEmailsModule(
  app: Api,
  platform: Pick<Platform, 'database' | 'guards' | 'audit' | 'config'>,
) {
  const { db } = platform.database;
  await app.register(adminEmailRoutes, {
    prefix: '/v1',
    guards: platform.guards,
    audit: platform.audit,
    outbox: emailOutbox(db),
    orderNumbers: orderFigures(db).numbersOf,
    delivering: Boolean(platform.config.smtpUrl),
  });
}
