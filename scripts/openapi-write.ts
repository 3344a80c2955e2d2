// Writes the production API's OpenAPI document to apps/api/openapi.json (decision 032): `npm run openapi:write`.
// Built in memory (PGlite, no server); openapi-document.test.ts fails while the committed file and the served one differ.
import { writeFileSync } from 'node:fs';
import { documentText, OPENAPI_FILE, servedDocument } from '../apps/api/src/openapi-document.ts';

writeFileSync(OPENAPI_FILE, documentText(await servedDocument()));
console.log(`wrote ${OPENAPI_FILE}`);
