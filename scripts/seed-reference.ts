// `npm run seed:reference` (decision 026): migrates the database of the environment (DATABASE_URL, else the embedded
// PGlite in DATA_DIR — stop the server first then) and loads the reference data alone — languages, countries, models,
// option groups and rules, price lists, the store catalogue and technical documents, open positions. Rows that exist
// are left alone; no demo account, order, stock or auction is created.

import { join } from 'node:path';
import { seedReference } from '@varg/db';
import { withEnvDatabase } from './env-database.ts';

await withEnvDatabase(async (database, env) => {
  await seedReference(database);
  console.log(
    `Reference data loaded into ${database.kind === 'postgres' ? 'DATABASE_URL' : join(env.DATA_DIR, 'pglite')}.`,
  );
});
