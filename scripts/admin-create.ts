// `npm run admin:create -- admin@example.com` (decision 026): creates the first administrator (or gives an existing
// account the admin role) in the database of the environment (DATABASE_URL, else the embedded PGlite in DATA_DIR —
// stop the server first then: PGlite has one process), and prints a one-time link to set the password (24 hours).

import { join } from 'node:path';
import { apiConfigFromEnv, ConfigError, createAdmin, readEnv } from '@varg/api';
import { migrate, openDatabase } from '@varg/db';

const email = process.argv[2];
if (!email || process.argv.length > 3) {
  console.error('usage: npm run admin:create -- admin@example.com');
  process.exit(2);
}
let env: ReturnType<typeof readEnv>;
try {
  env = readEnv();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: join(env.DATA_DIR, 'pglite'), poolSize: 1 });
try {
  await migrate(database);
  const admin = await createAdmin(database.db, { email, publicUrl: apiConfigFromEnv(env).publicUrl });
  console.log(
    `${admin.created ? 'Created' : 'Promoted'} the administrator ${admin.email}.\n` +
      `Set the password (once, before ${admin.expiresAt.toISOString()}) at:\n${admin.link}`,
  );
} catch (error) {
  console.error(`admin:create: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
