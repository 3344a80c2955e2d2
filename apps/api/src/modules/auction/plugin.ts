import type { Api, Platform } from '../../plugins/platform.ts';
import { isActiveMarket } from '../markets/active.ts';
import type { MarketsService } from '../markets/service.ts';
import type { PaymentsService } from '../payments/service.ts';
import { auctionAdminRepo } from './admin-repo.ts';
import { auctionAdminRoutes } from './admin-routes.ts';
import { auctionAdminService } from './admin-service.ts';
import { axeFeed } from './live.ts';
import { auctionRepo } from './repo.ts';
import { auctionRoutes } from './routes.ts';
import { auctionService } from './service.ts';

/** The numbered-axe auction: axes, bids, live highest bids, winners and their payment (decision 021). */
export async function auctionModule(
  app: Api,
  platform: Pick<Platform, 'config' | 'database' | 'guards' | 'mailer' | 'signingKey' | 'devRoutes' | 'audit' | 'jobs'>,
  needs: { markets: Pick<MarketsService, 'getCountry'>; payments: Pick<PaymentsService, 'start'> },
): Promise<void> {
  const { config, database, guards, mailer, signingKey, jobs } = platform;
  // Live highest bids to every process's event streams.
  const feed = await axeFeed({
    database,
    redisUrl: config.redisUrl,
    onError: (error) => app.log.warn({ err: error }, 'auction feed'),
  });
  app.addHook('onClose', async () => feed.close());
  const auction = auctionService({
    repo: auctionRepo(database.db),
    feed,
    email: mailer,
    publicUrl: config.publicUrl,
    signingKey,
    isMarket: async (country) => isActiveMarket(await needs.markets.getCountry(country).catch(() => null)),
    cacheMs: config.auctionCacheMs ?? 0,
  });
  await app.register(auctionRoutes, {
    prefix: '/v1',
    auction,
    guards,
    pay: (caller, orderId) => needs.payments.start(caller, { order: orderId, kind: 'full', method: 'card' }),
    devRoutes: platform.devRoutes,
    devLocalOnly: config.devMailbox === 'local',
    feed,
  });
  // The back office (decision 046).
  const admin = auctionAdminService({
    repo: auctionAdminRepo(database.db),
    auctionRepo: auctionRepo(database.db),
    auction,
    audit: platform.audit,
    feed,
  });
  await app.register(auctionAdminRoutes, { prefix: '/v1', admin, guards });
  // The winners job: closes ended axes once and e-mails the winners; idempotent across processes.
  jobs.schedule('auction winners', config.auctionWinnersIntervalMs ?? 0, () => auction.determineWinners());
}
