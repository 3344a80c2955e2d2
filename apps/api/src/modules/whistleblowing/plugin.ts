import type { Api, Platform } from '../../plugins/platform.ts';
import { loadWhistleKey, whistleCipher } from './crypto.ts';
import { notifyCompliance } from './emails.ts';
import { whistleRepo } from './repo.ts';
import { whistleComplianceRoutes, whistleReporterRoutes } from './routes.ts';
import { whistleService } from './service.ts';

/** The whistleblowing channel: anonymous reports, their follow-up, the compliance team (decision 023). */
export async function whistleblowingModule(
  app: Api,
  platform: Pick<Platform, 'config' | 'database' | 'guards' | 'mailer' | 'captcha'>,
): Promise<void> {
  const { config, database, guards, mailer, captcha } = platform;
  const cipher = whistleCipher(loadWhistleKey(config.whistleblowing ?? {}));
  const repo = whistleRepo(database.db);
  const whistle = whistleService({
    repo,
    cipher,
    captcha,
    notify: (event, row) => notifyCompliance(repo, mailer, config.publicUrl, event, row),
  });
  await app.register(whistleReporterRoutes, { prefix: '/v2', whistle, cipher });
  await app.register(whistleComplianceRoutes, { prefix: '/v2', whistle, guards });
}
