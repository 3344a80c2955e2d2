// `npm run admin:create -- admin@example.com` (decision 026): creates the first administrator (or gives an existing
// account the admin role) in the database of the environment (DATABASE_URL, else the embedded PGlite in DATA_DIR —
// stop the server first then: PGlite has one process), and prints a one-time link to set the password (24 hours).

import { apiConfigFromEnv, createAdmin } from '@varg/api';
import { withEnvDatabase } from './env-database.ts';

const email = process.argv[2];
if (!email || process.argv.length > 3) {
  console.error('usage: npm run admin:create -- admin@example.com');
  process.exit(2);
}
await withEnvDatabase(async (database, env) => {
  try {
    const admin = await createAdmin(database.db, { email, publicUrl: apiConfigFromEnv(env).publicUrl });
    console.log(
      `${admin.created ? 'Created' : 'Promoted'} the administrator ${admin.email}.\n` +
        `Set the password (once, before ${admin.expiresAt.toISOString()}) at:\n${admin.link}`,
    );
  } catch (error) {
    console.error(`admin:create: ${(error as Error).message}`);
    process.exitCode = 1;
  }
});
