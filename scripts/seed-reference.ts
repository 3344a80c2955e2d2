// `npm run seed:reference` (decision 026): migrates the database of the environment (DATABASE_URL, else the embedded
// PGlite in DATA_DIR — stop the server first then) and loads the reference data alone — languages, countries, models,
// option groups and rules, price lists, the store catalogue and technical documents, open positions, the auction's
// definition. Rows that exist are left alone; no demo account, order or stock is created.

import { join } from 'node:path';
import { ConfigError, readEnv } from '@varg/api';
import { migrate, openDatabase, seedReference } from '@varg/db';

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
  await seedReference(database);
  console.log(
    `Reference data loaded into ${database.kind === 'postgres' ? 'DATABASE_URL' : join(env.DATA_DIR, 'pglite')}.`,
  );
} finally {
  await database.close();
}
