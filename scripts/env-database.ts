// For the operator's commands (admin:create, seed:reference): the environment read as the server reads it (a bad
// value stops with its message), and the database it names (DATABASE_URL, else the embedded PGlite in DATA_DIR — stop
// the server first then: PGlite has one process), migrated, for one piece of work, then closed.

import { join } from 'node:path';
import { ConfigError, type Env, readEnv } from '@varg/api';
import { type Database, migrate, openDatabase } from '@varg/db';

export async function withEnvDatabase(work: (database: Database, env: Env) => Promise<void>): Promise<void> {
  let env: Env;
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
    await work(database, env);
  } finally {
    await database.close();
  }
}
