// `npm run legal:publish -- KIND COUNTRY LANG FILE` (decision 047): publishes the legal entity's own terms of sale,
// privacy policy, cookie policy or imprint as the next version, in the database of the environment (DATABASE_URL, else
// the embedded PGlite in DATA_DIR — stop the server first then: PGlite has one process). KIND is sale, privacy, cookies
// or imprint; COUNTRY an upper-case country code or '*' for every market; LANG a UI language (en-us, de, fr, …); FILE a
// text file whose first line is `# Title`. A production start refuses while the seeded sample texts are current.

import { readFileSync } from 'node:fs';
import { LegalPublishError, publishLegalDocument } from '@varg/api';
import { withEnvDatabase } from './env-database.ts';

const [kind, country, lang, file, ...extra] = process.argv.slice(2);
if (!kind || !country || !lang || !file || extra.length) {
  console.error("usage: npm run legal:publish -- sale '*' en-us terms-of-sale.md");
  process.exit(2);
}
const text = readFileSync(file, 'utf8');
await withEnvDatabase(async (database) => {
  try {
    const doc = await publishLegalDocument(database.db, { kind, country, lang, text });
    console.log(`Published ${doc.kind} ${doc.country} ${doc.lang} version ${doc.version}: ${doc.title}`);
  } catch (error) {
    if (!(error instanceof LegalPublishError)) throw error;
    console.error(`legal:publish: ${error.message}`);
    process.exitCode = 1;
  }
});
