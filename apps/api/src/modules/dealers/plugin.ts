import type { Api, Platform } from '../../plugins/platform.ts';
import { type DealerDirectory, type DealerRecord, dealerDirectory } from './directory.ts';
import { dealerProfileService } from './profile.ts';
import { dealersRepo } from './repo.ts';
import { dealerAdminRoutes, dealerApplicationRoutes, dealerProfileRoutes } from './routes.ts';
import { dealersService } from './service.ts';
import { dealerTermsAdmin } from './terms-admin.ts';
import { dealerTermsAdminRoutes } from './terms-admin-routes.ts';

type DealersDeps = Parameters<typeof dealersService>[0];

/**
 * Becoming a dealer, its review and the dealer's profile; and the `DealerDirectory` every other module asks who is an
 * approved dealer and on which terms (decision 033).
 */
export async function dealersModule(
  app: Api,
  platform: Pick<Platform, 'config' | 'database' | 'guards' | 'captcha' | 'mailer' | 'audit'>,
  needs: {
    /** A user's dealer record in any status (the identity store's). */
    dealerRowOf(userId: string): Promise<DealerRecord | null>;
    applicant: DealersDeps['applicant'];
    vatValid: DealersDeps['vatValid'];
  },
): Promise<DealerDirectory> {
  const { config, database, guards, captcha, mailer, audit } = platform;
  const dealers = dealersService({
    repo: dealersRepo(database.db),
    applicant: needs.applicant,
    vatValid: needs.vatValid,
    captcha,
    email: mailer,
    publicUrl: config.publicUrl,
  });
  // Spec section 7: POST dealer is a v2 call; v1 answers it too.
  for (const prefix of ['/v1', '/v2']) await app.register(dealerApplicationRoutes, { prefix, dealers, guards });
  await app.register(dealerAdminRoutes, { prefix: '/v1', dealers, guards });
  // The back office's dealers and their terms (decision 044).
  await app.register(dealerTermsAdminRoutes, { prefix: '/v1', terms: dealerTermsAdmin(database.db, audit), guards });
  const profile = dealerProfileService({ repo: dealersRepo(database.db), vatValid: needs.vatValid, audit });
  // Spec section 7: PUT dealer/{id}/info is a v2 call; v1 answers it too.
  for (const prefix of ['/v1', '/v2']) await app.register(dealerProfileRoutes, { prefix, profile, guards });
  return dealerDirectory(needs.dealerRowOf);
}
