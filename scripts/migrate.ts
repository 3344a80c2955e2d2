// `npm run migrate` (issue 23): applies the committed migrations to the database of the environment (DATABASE_URL,
// else the embedded PGlite in DATA_DIR — stop the server first then: PGlite has one process) and stops, for deploy
// pipelines that migrate before starting the new version. Processes migrating at once take turns (an advisory lock);
// a database migrated by newer code is refused. The server migrates at start too.

import { join } from 'node:path';
import { ConfigError, readEnv } from '@varg/api';
import { migrate, newestMigration, openDatabase, SchemaNewerError } from '@varg/db';

let env: ReturnType<typeof readEnv>;
try {
  env = readEnv();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const database = await openDatabase({ url: env.DATABASE_URL, dataDir: join(env.DATA_DIR, 'pglite'), poolSize: 1 });
try {
  await migrate(database);
  console.log(`migrate: the database is at ${newestMigration().tag}`);
} catch (error) {
  if (!(error instanceof SchemaNewerError)) throw error;
  console.error(`migrate: ${error.message}`);
  process.exitCode = 1;
} finally {
  await database.close();
}
