import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dropPostgresTemplate, newRunTemplate, TEMPLATE_ENV } from './template.ts';

/**
 * Vitest's global setup: names this run's migrated, seeded original for the test files to copy (`template.ts`), and
 * removes it when the run ends. The workers start after this and inherit the variable.
 */
export default function setup() {
  const run = newRunTemplate(mkdtempSync(join(tmpdir(), 'varg-test-db-')));
  process.env[TEMPLATE_ENV] = JSON.stringify(run);
  return async () => {
    rmSync(run.dir, { recursive: true, force: true });
    const base = process.env.TEST_DATABASE_URL;
    if (base) await dropPostgresTemplate(base, run.database);
  };
}
