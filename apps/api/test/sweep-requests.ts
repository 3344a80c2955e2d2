import { sql } from 'drizzle-orm';
import { useApi } from './helper.ts';
import { urlOf } from './sweep-cases.ts';
import type { Case } from './sweep-schema.ts';

// The bad-input sweep's requests (apps/api/src/bad-input-sweep.test.ts): the API on a fresh database, sending a case,
// what is wrong with an answer, and a snapshot of every table to show that nothing changed.

/** The API of the sweep (built before its tests, closed after them). */
export let ctx: ReturnType<typeof useApi>;

/** Builds the API for the sweep (call once, at the top of the test file); the helpers here call it. */
export function sweepApi() {
  ctx = useApi();
  return ctx;
}

/**
 * Tables a refused request may legitimately change, and why. Everything else must be byte-for-byte the same after the
 * sweep (row count and an md5 over every row).
 */
export const VOLATILE_TABLES: Record<string, string> = {};

/** Rows of `db.execute` (node-postgres and PGlite both answer `{ rows }`). */
export const rowsOf = <T>(result: unknown) => ((result as { rows?: unknown[] }).rows ?? []) as T[];

/** Every table of the app with its row count and an md5 over its rows. */
export async function snapshot(): Promise<Map<string, string>> {
  const db = ctx.database.db;
  const tables = rowsOf<{ table_name: string }>(
    await db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    ),
  );
  const out = new Map<string, string>();
  for (const { table_name: name } of tables) {
    if (name in VOLATILE_TABLES) continue;
    const [row] = rowsOf<{ n: number; h: string }>(
      await db.execute(
        sql.raw(
          `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from "${name}" t`,
        ),
      ),
    );
    out.set(name, `${row?.n} rows, md5 ${row?.h}`);
  }
  return out;
}

export function changed(before: Map<string, string>, after: Map<string, string>) {
  return [...after]
    .filter(([name, value]) => before.get(name) !== value)
    .map(([name, value]) => `${name}: ${before.get(name)} → ${value}`);
}

export let address = 0;
export const nextIp = () => `203.0.113.${(++address % 250) + 1}`;

export async function send(method: string, route: string, c: Case, token: string | null) {
  const headers: Record<string, string> = { 'x-lang': 'en', ...c.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: string | undefined;
  if (c.body && 'raw' in c.body) {
    headers['content-type'] = c.body.type;
    payload = c.body.raw;
  } else if (c.body && method !== 'GET') {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(c.body.json);
  }
  if (method === 'GET' && c.body) return null;
  const answer = ctx.app.inject({
    method: method as 'GET',
    url: urlOf(route, c),
    remoteAddress: nextIp(),
    headers,
    ...(payload !== undefined ? { payload } : {}),
  });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), 20_000);
  });
  const res = await Promise.race([answer, timeout]);
  clearTimeout(timer);
  return res;
}

/** What is wrong with an answer to bad input, or null. */
export function problemOf(res: Awaited<ReturnType<typeof send>>): string | null {
  if (res === null) return null;
  if (res === 'timeout') return 'no answer in 20 s';
  if (res.statusCode >= 500) return `${res.statusCode} ${res.body.slice(0, 200)}`;
  if (res.statusCode >= 400) {
    let body: { statusCode?: unknown; code?: unknown; message?: unknown } | undefined;
    try {
      body = res.json();
    } catch {
      return `${res.statusCode} without a JSON error envelope: ${res.body.slice(0, 120)}`;
    }
    if (body?.statusCode !== res.statusCode || !body.code || typeof body.code !== 'string' || !body.message)
      return `${res.statusCode} with a bad envelope: ${res.body.slice(0, 200)}`;
    // The message is translated: a message that is its own translation key has no text in the catalogs.
    if (body.message === (body as { t_key?: unknown }).t_key)
      return `${res.statusCode} untranslated: ${res.body.slice(0, 200)}`;
    // So is each field error's: it names its catalog key (zod's English never reaches the answer).
    const details = (body as { details?: Array<{ message?: unknown; t_key?: unknown }> }).details ?? [];
    if (details.some((d) => typeof d.t_key !== 'string' || !d.message || d.message === d.t_key))
      return `${res.statusCode} field error without a translated message: ${res.body.slice(0, 200)}`;
  }
  return null;
}

/** The code of the first store variant in a list of store items. */
export function firstVariant(items: unknown): string {
  const text = JSON.stringify(items ?? {});
  const code = /"(?:variant_code|code)":"([A-Za-z0-9][A-Za-z0-9-]{0,39})"/.exec(text)?.[1];
  if (!code) throw new Error(`no store variant in ${text.slice(0, 200)}`);
  return code;
}
