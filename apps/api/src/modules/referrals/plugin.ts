import type { Api, Platform } from '../../plugins/platform.ts';
import type { MarketsService } from '../markets/service.ts';
import type { ReferralProgramme } from './programme.ts';
import { programmeRoutes } from './programme-routes.ts';
import { referralsRepo } from './repo.ts';
import { referralRoutes } from './routes.ts';
import { type ReferralDeps, referralsService } from './service.ts';

/** Dealers' leads and referrals; test rides and their feedback (decision 019). */
export async function referralsModule(
  app: Api,
  platform: Pick<Platform, 'config' | 'database' | 'guards' | 'mailer' | 'captcha'>,
  needs: {
    dealers: ReferralDeps['dealers'];
    markets: Pick<MarketsService, 'getCountry'>;
    programme: ReferralProgramme;
  },
): Promise<void> {
  const { config, database, guards, mailer, captcha } = platform;
  const referrals = referralsService({
    repo: referralsRepo(database.db),
    dealers: needs.dealers,
    distanceUnit: async (country) => (await needs.markets.getCountry(country)).distanceUnit,
    email: mailer,
    captcha,
    publicUrl: config.publicUrl,
  });
  await app.register(referralRoutes, { prefix: '/v1', referrals, guards });
  await app.register(programmeRoutes, { prefix: '/v1', programme: needs.programme, guards });
}
