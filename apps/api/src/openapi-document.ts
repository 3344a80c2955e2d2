import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { migrate, openDatabase } from '@varg/db';
import { buildApi } from './app.ts';
import type { ApiConfig } from './config.ts';

/**
 * The committed OpenAPI document (decision 032): `apps/api/openapi.json` is the production API's document as
 * `/docs/json` serves it, written by `npm run openapi:write`, compared with the served one and linted by
 * `openapi-document.test.ts`.
 */
export const OPENAPI_FILE = fileURLToPath(new URL('../openapi.json', import.meta.url));
const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** Production (no demo, no dev routes): the API a client is written against. Nothing in it names a machine. */
export const documentConfig: ApiConfig = {
  env: 'production',
  demo: false,
  logLevel: 'silent',
  marketingSiteUrl: '',
  trustProxy: false,
  rateLimitMax: 600,
  publicUrl: 'https://shop.invalid',
  mailFrom: 'Shop <no-reply@shop.invalid>',
  devMailbox: 'off',
  whitelistEmails: [],
};

/** The document `/docs/json` serves for `config`, built on an empty in-memory database (no server is started). */
export async function servedDocument(config: ApiConfig = documentConfig): Promise<unknown> {
  const database = await openDatabase({ dataDir: 'memory://' });
  try {
    await migrate(database);
    const app = await buildApi({ config, database, logger: false });
    try {
      await app.ready();
      return app.swagger();
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
}

/** The file's text: two-space JSON with a final newline (the routes' order is their registration order). */
export const documentText = (document: unknown) => `${JSON.stringify(document, null, 2)}\n`;

export interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: Array<{ pointer?: string }>;
}

/** `redocly lint` (recommended rules, `redocly.yaml` at the repository root) of a document file. */
export async function lintDocument(file: string = OPENAPI_FILE): Promise<LintProblem[]> {
  const cli = `${ROOT}node_modules/@redocly/cli/bin/cli.js`;
  const run = promisify(execFile);
  const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' };
  const args = [cli, 'lint', file, '--format=json', '--max-problems=10000'];
  // Exit code 1 when there are errors; the JSON report is on stdout either way.
  const { stdout } = await run(process.execPath, args, { cwd: ROOT, env, maxBuffer: 64 * 1024 * 1024 }).catch(
    (error: { stdout?: string }) => {
      if (!error.stdout) throw error;
      return { stdout: error.stdout };
    },
  );
  return (JSON.parse(stdout) as { problems: LintProblem[] }).problems;
}
