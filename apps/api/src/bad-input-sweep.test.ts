/**
 * The bad-input sweep (issue 22, item 5): every operation of the served OpenAPI document gets bad input — wrong types,
 * missing required fields, huge strings and numbers, bad path ids, invalid JSON, a wrong content type — as an anonymous
 * visitor, a customer and a dealer. No answer may be a 5xx, every 4xx has the error envelope, and no table changes.
 * How to run it and what it leaves out: docs/readme-sweep.md.
 */
import { randomUUID } from 'node:crypto';
import { DEMO_PASSWORD } from '@varg/db';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useApi } from '../test/helper.ts';

const ctx = useApi();

/** Operations left out of the sweep, each with the reason. */
const SKIPPED: Record<string, string> = {
  // A valid request opens a `text/event-stream` that never ends; its one input (`n`) is checked in auction.test.ts.
  'GET /v1/axes/events': 'server-sent events: the answer is a stream that stays open',
};

/**
 * Tables a refused request may legitimately change, and why. Everything else must be byte-for-byte the same after the
 * sweep (row count and an md5 over every row).
 */
const VOLATILE_TABLES: Record<string, string> = {};

const HUGE = 'x'.repeat(100_000);
const HUGE_NUMBERS = [1e308, -1e308, 2 ** 63];
const BAD_IDS = ['not-a-uuid', randomUUID(), '..%2F..%2Fetc%2Fpasswd', '..', 'y'.repeat(400), '%00'];
/** At most this many cases per operation and caller, so the sweep stays under a minute. */
const CAP = 60;

// biome-ignore lint/suspicious/noExplicitAny: a JSON Schema of the OpenAPI document, read loosely
type Schema = Record<string, any>;
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
}
interface Doc {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

/** One request of the sweep: where, what and why (the label names the case in a failure). */
interface Case {
  label: string;
  path: Record<string, string>;
  query: Record<string, unknown>;
  headers: Record<string, string>;
  /** A JSON value (sent as JSON) or a raw string with its own content type. */
  body?: { json: unknown } | { raw: string; type: string };
}

function resolver(doc: Doc) {
  const resolve = (s: Schema | undefined, depth = 0): Schema => {
    if (!s || depth > 10) return {};
    if (s.$ref) {
      const name = String(s.$ref).split('/').pop() as string;
      return resolve(doc.components?.schemas?.[name], depth + 1);
    }
    if (s.allOf) {
      const parts = (s.allOf as Schema[]).map((p) => resolve(p, depth + 1));
      return {
        type: 'object',
        properties: Object.assign({}, ...parts.map((p) => p.properties ?? {})),
        required: parts.flatMap((p) => p.required ?? []),
      };
    }
    const options = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
    if (options) {
      const real = options
        .map((o) => resolve(o, depth + 1))
        .filter((o) => o.type !== 'null' && !o.enum?.includes(null));
      return real[0] ?? {};
    }
    return s;
  };
  return resolve;
}

const typeOf = (s: Schema): string | undefined =>
  Array.isArray(s.type) ? (s.type as string[]).find((t) => t !== 'null') : (s.type as string | undefined);

/** Strings tried, in order, for a string field with a pattern or length bounds. */
const CANDIDATES = ['DE', 'de', 'de-DE', 'en-us', 'en', 'abc', 'Abc12345', 'a1b2c3', '1', '12345', 'sandbox'];

/** A plausible valid value for a schema (its first enum value, a fresh uuid, the minimum …). */
function sample(resolve: (s: Schema) => Schema, raw: Schema, depth = 0): unknown {
  const s = resolve(raw);
  if (s.const !== undefined) return s.const;
  if (s.enum) return s.enum.find((v: unknown) => v !== null);
  if (s.default !== undefined) return s.default;
  switch (typeOf(s)) {
    case 'string': {
      if (s.format === 'uuid') return randomUUID();
      if (s.format === 'email') return 'sweep@example.com';
      if (s.format === 'date-time') return new Date().toISOString();
      if (s.format === 'date') return '2026-01-01';
      if (s.format === 'uri') return 'https://example.com/';
      const min = s.minLength ?? 1;
      const max = s.maxLength ?? Number.POSITIVE_INFINITY;
      const fits = (v: string) => v.length >= min && v.length <= max && (!s.pattern || new RegExp(s.pattern).test(v));
      return CANDIDATES.find(fits) ?? 'a'.repeat(Math.min(Math.max(min, 1), max));
    }
    case 'integer':
    case 'number': {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? Number(s.exclusiveMinimum) + 1 : 1);
      return Math.min(min, s.maximum ?? min);
    }
    case 'boolean':
      return false;
    case 'array':
      return (s.minItems ?? 0) > 0 && depth < 4 ? [sample(resolve, s.items ?? {}, depth + 1)] : [];
    case 'object': {
      const out: Record<string, unknown> = {};
      if (depth < 4)
        for (const key of s.required ?? []) out[key] = sample(resolve, s.properties?.[key] ?? {}, depth + 1);
      return out;
    }
    default:
      return 'a';
  }
}

/** Values of the wrong type for a field: in a JSON body (`json`) or a query string. */
function wrongValues(s: Schema, where: 'json' | 'query'): Array<[string, unknown]> {
  const type = typeOf(s);
  const out: Array<[string, unknown]> = [];
  if (where === 'query') {
    if (type === 'integer' || type === 'number') out.push(['not a number', 'abc'], ['huge number', '1e308']);
    else if (type === 'boolean') out.push(['not a boolean', 'maybe']);
    else if (s.enum) out.push(['not an option', 'not-an-option']);
    else if (s.format === 'uuid') out.push(['not a uuid', 'not-a-uuid']);
    out.push(['repeated', ['a', 'b']], ['huge string', HUGE], ['NUL byte', 'a\u0000b']);
    return out;
  }
  if (type === 'string') out.push(['number for a string', 12345], ['object for a string', { a: 1 }]);
  else if (type === 'integer' || type === 'number')
    out.push(['string for a number', 'abc'], ...HUGE_NUMBERS.map((n): [string, unknown] => [`huge number ${n}`, n]));
  else if (type === 'boolean') out.push(['string for a boolean', 'yes']);
  else if (type === 'array')
    out.push(['string for an array', 'x'], ['huge array', Array(5000).fill(HUGE.slice(0, 20))]);
  else if (type === 'object') out.push(['string for an object', 'x']);
  if (!s.nullable && !(Array.isArray(s.type) && s.type.includes('null'))) out.push(['null', null]);
  if (type === 'string' || s.enum) out.push(['huge string', HUGE], ['NUL byte', 'a\u0000b']);
  return out;
}

function casesFor(doc: Doc, route: string, op: Operation): Case[] {
  const resolve = resolver(doc);
  const params = op.parameters ?? [];
  const base = {
    path: Object.fromEntries(
      params.filter((p) => p.in === 'path').map((p) => [p.name, String(sample(resolve, p.schema))]),
    ),
    query: Object.fromEntries(
      params.filter((p) => p.in === 'query' && p.required).map((p) => [p.name, sample(resolve, p.schema)]),
    ),
    headers: Object.fromEntries(
      params.filter((p) => p.in === 'header' && p.required).map((p) => [p.name, String(sample(resolve, p.schema))]),
    ),
  };
  const jsonSchema = op.requestBody?.content['application/json']?.schema;
  const body = jsonSchema ? resolve(jsonSchema) : undefined;
  const baseBody = body ? sample(resolve, body) : undefined;
  const withBody = baseBody === undefined ? {} : { body: { json: baseBody } };
  const cases: Case[] = [];
  const add = (label: string, change: Partial<Case>) => cases.push({ label, ...base, ...withBody, ...change } as Case);

  for (const p of params.filter((x) => x.in === 'path')) {
    for (const id of BAD_IDS) add(`path ${p.name}=${id.slice(0, 20)}`, { path: { ...base.path, [p.name]: id } });
  }
  for (const p of params.filter((x) => x.in === 'query')) {
    for (const [what, value] of wrongValues(resolve(p.schema), 'query'))
      add(`query ${p.name}: ${what}`, { query: { ...base.query, [p.name]: value } });
    if (p.required) {
      const { [p.name]: _, ...rest } = base.query;
      add(`query ${p.name} missing`, { query: rest });
    }
  }
  for (const p of params.filter((x) => x.in === 'header')) {
    add(`header ${p.name}: huge`, { headers: { ...base.headers, [p.name]: HUGE.slice(0, 8000) } });
  }
  // Whatever the operation reads, a body it cannot parse is refused.
  add('invalid JSON', { body: { raw: '{"a":', type: 'application/json' } });
  add('wrong content type', { body: { raw: 'a=1', type: 'text/plain' } });
  if (body) {
    add('empty JSON body', { body: { raw: '', type: 'application/json' } });
    add('array body', { body: { json: [] } });
    add('null body', { body: { raw: 'null', type: 'application/json' } });
    if (body.required?.length) add('every required field missing', { body: { json: {} } });
    const fields = fieldsOf(resolve, body, baseBody as Record<string, unknown>);
    for (const f of fields) {
      if (f.required) add(`body ${f.path.join('.')} missing`, { body: { json: f.set(undefined) } });
      for (const [what, value] of wrongValues(f.schema, 'json'))
        add(`body ${f.path.join('.')}: ${what}`, { body: { json: f.set(value) } });
    }
  }
  return cases.slice(0, CAP);
}

/** The fields of a body, nested objects and the first item of arrays included, each with a setter on a copy. */
function fieldsOf(resolve: (s: Schema) => Schema, schema: Schema, base: Record<string, unknown>) {
  const out: Array<{ path: string[]; schema: Schema; required: boolean; set: (v: unknown) => unknown }> = [];
  const walk = (s: Schema, path: string[], depth: number) => {
    if (depth > 2 || typeOf(s) !== 'object') return;
    for (const [key, raw] of Object.entries((s.properties ?? {}) as Record<string, Schema>)) {
      const field = resolve(raw);
      const at = [...path, key];
      out.push({ path: at, schema: field, required: (s.required ?? []).includes(key), set: (v) => setAt(base, at, v) });
      if (typeOf(field) === 'object') walk(field, at, depth + 1);
    }
  };
  walk(schema, [], 0);
  return out;
}

function setAt(base: Record<string, unknown>, path: string[], value: unknown): unknown {
  const copy = structuredClone(base);
  let at: Record<string, unknown> = copy;
  for (const key of path.slice(0, -1)) {
    if (typeof at[key] !== 'object' || at[key] === null) at[key] = {};
    at = at[key] as Record<string, unknown>;
  }
  const last = path[path.length - 1] as string;
  if (value === undefined) delete at[last];
  else at[last] = value;
  return copy;
}

function urlOf(route: string, c: Case) {
  const path = route.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = c.path[name] ?? 'x';
    return value.includes('%') ? value : encodeURIComponent(value);
  });
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(c.query)) {
    if (Array.isArray(value)) for (const v of value) query.append(key, String(v));
    else if (value !== undefined) query.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const qs = query.toString();
  return qs ? `${path}?${qs}` : path;
}

/** Every table of the app with its row count and an md5 over its rows. */
async function snapshot(): Promise<Map<string, string>> {
  const db = ctx.database.db;
  const tables = (
    await db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    )
  ).rows as Array<{ table_name: string }>;
  const out = new Map<string, string>();
  for (const { table_name: name } of tables) {
    if (name in VOLATILE_TABLES) continue;
    const [row] = (
      await db.execute(
        sql.raw(
          `select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as h from "${name}" t`,
        ),
      )
    ).rows as Array<{ n: number; h: string }>;
    out.set(name, `${row?.n} rows, md5 ${row?.h}`);
  }
  return out;
}

function changed(before: Map<string, string>, after: Map<string, string>) {
  return [...after]
    .filter(([name, value]) => before.get(name) !== value)
    .map(([name, value]) => `${name}: ${before.get(name)} → ${value}`);
}

let address = 0;
const nextIp = () => `203.0.113.${(++address % 250) + 1}`;

async function send(method: string, route: string, c: Case, token: string | null) {
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
    timer = setTimeout(() => resolve('timeout'), 10_000);
  });
  const res = await Promise.race([answer, timeout]);
  clearTimeout(timer);
  return res;
}

/** What is wrong with an answer to bad input, or null. */
function problemOf(res: Awaited<ReturnType<typeof send>>): string | null {
  if (res === null) return null;
  if (res === 'timeout') return 'no answer in 10 s';
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
  }
  return null;
}

describe('bad-input sweep over every operation of /docs/json', () => {
  let doc: Doc;
  const tokens: Record<string, string | null> = { anonymous: null };
  let before: Map<string, string>;

  beforeAll(async () => {
    doc = (await ctx.app.inject('/docs/json')).json() as Doc;
    for (const [role, email] of [
      ['customer', 'customer@demo.starkfuture.com'],
      ['dealer', 'dealer@demo.starkfuture.com'],
    ] as const) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/v1/user/sign-in',
        remoteAddress: nextIp(),
        payload: { email, password: DEMO_PASSWORD },
      });
      expect(res.statusCode, res.body).toBe(200);
      tokens[role] = res.json().token;
    }
    // Signing in writes sessions: the snapshot is taken after it.
    before = await snapshot();
  });

  for (const role of ['anonymous', 'customer', 'dealer'] as const) {
    it(`answers bad input with a 4xx and changes nothing, as ${role}`, { timeout: 180_000 }, async () => {
      const problems: string[] = [];
      const trace = process.env.SWEEP_TRACE === '1';
      let count = 0;
      for (const [route, methods] of Object.entries(doc.paths)) {
        for (const [method, op] of Object.entries(methods)) {
          const at = `${method.toUpperCase()} ${route}`;
          if (at in SKIPPED) continue;
          const mark = trace ? await snapshot() : undefined;
          for (const c of casesFor(doc, route, op)) {
            const res = await send(method.toUpperCase(), route, c, tokens[role] ?? null);
            if (res !== null) count++;
            const problem = problemOf(res);
            if (problem) problems.push(`${at} [${c.label}]: ${problem}`);
            if (trace && res && res !== 'timeout' && res.statusCode < 400 && method !== 'get')
              problems.push(`(trace) ${at} [${c.label}]: ${res.statusCode} ${res.body.slice(0, 100)}`);
          }
          if (mark) for (const change of changed(mark, await snapshot())) problems.push(`${at} changed ${change}`);
        }
      }
      const after = await snapshot();
      const changes = changed(before, after);
      before = after;
      if (process.env.SWEEP_OUT) {
        const { appendFileSync } = await import('node:fs');
        appendFileSync(process.env.SWEEP_OUT, `${role}: ${count} requests\n${[...problems, ...changes].join('\n')}\n`);
      }
      expect(count).toBeGreaterThan(1000);
      expect(problems).toEqual([]);
      expect(changes).toEqual([]);
    });
  }
});
