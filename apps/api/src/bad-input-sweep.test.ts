/**
 * The bad-input sweep (issue 22, item 5): every operation of the served OpenAPI document gets bad input — wrong types,
 * missing required fields, huge strings and numbers, bad path ids, invalid JSON, a wrong content type — as an anonymous
 * visitor, a customer, a dealer, an administrator, a translator and a caller with a token that is not one. No answer
 * may be a 5xx, every 4xx has the error envelope, and no table changes.
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
const BAD_IDS = ['not-a-uuid', randomUUID(), '..%2F..%2Fetc%2Fpasswd', '..', 'y'.repeat(400), '%00', '-1', '1e308'];
/** A JSON body over the 1 MB limit. */
const TOO_LARGE = JSON.stringify({ a: 'z'.repeat(1_100_000) });
/** At most this many cases per operation and caller, so the sweep stays under a minute. */
const CAP = 250;

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
      const resolved = options.map((o) => resolve(o, depth + 1));
      const real = resolved.filter((o) => o.type !== 'null' && !o.enum?.includes(null));
      // OpenAPI 3.1 writes a nullable field as anyOf [T, {type: 'null'}]: null is valid input there.
      const nullable = real.length < resolved.length || real.some((o) => o.nullable);
      return real[0] ? (nullable ? { ...real[0], nullable: true } : real[0]) : {};
    }
    return s;
  };
  return resolve;
}

/** The object shapes a body may take (each option of an anyOf/oneOf), resolved. */
function alternatives(doc: Doc, raw: Schema): Schema[] {
  const resolve = resolver(doc);
  let s = raw;
  while (s?.$ref) s = doc.components?.schemas?.[String(s.$ref).split('/').pop() as string] ?? {};
  const options = (s?.anyOf ?? s?.oneOf) as Schema[] | undefined;
  if (!options) return [resolve(s)];
  return options
    .map((o) => resolve(o))
    .filter((o) => typeOf(o) === 'object')
    .slice(0, 3);
}

const typeOf = (s: Schema): string | undefined =>
  Array.isArray(s.type) ? (s.type as string[]).find((t) => t !== 'null') : (s.type as string | undefined);

/** Strings tried, in order, for a string field with a pattern or length bounds. */
const CANDIDATES = ['DE', 'de', 'de-DE', 'en-us', 'en', 'abc', 'Abc12345', 'a1b2c3', '1', '12345', 'sandbox'];

/** The caller's own records, so that bad input also reaches routes past their "not found" (see `knownIds`). */
interface Known {
  user?: string;
  dealer?: string;
  order?: string;
  vehicle?: string;
  referral?: string;
  cart?: string;
  payment?: string;
  /** A line of that order (dealers edit their orders' lines). */
  line?: string;
  /** A dealer application (administrators). */
  application?: string;
  /** A whistleblowing report's code and secret (sent anonymously before the sweep). */
  code?: string;
  secret?: string;
}

/** Path parameters filled with one of the caller's own ids: [route pattern, parameter, which id]. */
const OWN_PATH_IDS: Array<[RegExp, string, keyof Known]> = [
  [/^\/v1\/user\/\{id\}$/, 'id', 'user'],
  [/^\/v[12]\/dealer\/\{id\}\/info$/, 'id', 'dealer'],
  [/./, 'dealerId', 'dealer'],
  [
    /^\/v1\/(order|store\/orders|order\/document|order\/get-bank-details|order\/update-prices|order\/complete-order|checkout|checkout\/payment-kinds|dealer\/orders)\/\{id\}/,
    'id',
    'order',
  ],
  [/^\/v1\/vehicles\/\{id\}/, 'id', 'vehicle'],
  [/^\/v1\/referral\/(edit\/|delete\/)?\{id\}$/, 'id', 'referral'],
  [/^\/v1\/(admin\/)?payment\/\{id\}|^\/v1\/admin\/payments\/\{id\}/, 'id', 'payment'],
  [/^\/v1\/admin\/dealer-applications\/\{id\}/, 'id', 'application'],
  [/./, 'cartId', 'cart'],
];

/** Query and body fields filled with one of the caller's own ids. */
const OWN_FIELDS: Record<string, keyof Known> = {
  cartId: 'cart',
  shoppingCartId: 'cart',
  orderId: 'order',
  order: 'order',
  owner: 'user',
  paymentIntentId: 'payment',
  lineId: 'line',
  code: 'code',
  secret: 'secret',
};

/** A plausible valid value for a schema (its first enum value, a fresh uuid, the minimum …). */
function sample(resolve: (s: Schema) => Schema, raw: Schema, depth = 0, known: Known = {}, name = ''): unknown {
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
      const fits = (v: string) =>
        v.length >= min && v.length <= max && (!s.pattern || new RegExp(s.pattern, 'u').test(v));
      const hint = NAME_HINTS[name];
      if (hint && fits(hint)) return hint;
      return CANDIDATES.find(fits) ?? 'a'.repeat(Math.min(Math.max(min, 1), max));
    }
    case 'integer':
    case 'number': {
      const exclusive = s.exclusiveMinimum === true ? 1 : 0;
      const min = typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : (s.minimum ?? 1) + exclusive;
      return Math.min(Math.max(min, 1), s.maximum ?? Number.POSITIVE_INFINITY);
    }
    case 'boolean':
      return false;
    case 'array':
      return Array.from({ length: depth < 4 ? (s.minItems ?? 0) : 0 }, () =>
        sample(resolve, s.items ?? {}, depth + 1, known),
      );
    case 'object': {
      const out: Record<string, unknown> = {};
      if (depth >= 4) return out;
      for (const key of s.required ?? []) out[key] = sample(resolve, s.properties?.[key] ?? {}, depth + 1, known, key);
      for (const [key, which] of Object.entries(OWN_FIELDS)) {
        if (depth === 0 && s.properties?.[key] && known[which]) out[key] = known[which];
      }
      return out;
    }
    default:
      return 'a';
  }
}

/** Valid-looking values for fields of these names, used when the schema takes them. */
const NAME_HINTS: Record<string, string> = {
  lang: 'de',
  langLocation: 'de',
  key: 'error_validation',
  hash: '1e1c14e6',
  number: '4242 4242 4242 4242',
  cvc: '123',
  iban: 'DE89370400440532013000',
  token: 'a'.repeat(32),
  email: 'sweep@example.com',
  phone: '030 12345678',
};

/** Values of the wrong type for a field: in a JSON body (`json`) or a query string. */
function wrongValues(s: Schema, where: 'json' | 'query'): Array<[string, unknown]> {
  const type = typeOf(s);
  const out: Array<[string, unknown]> = [];
  if (where === 'query') {
    if (type === 'integer' || type === 'number')
      out.push(
        ['not a number', 'abc'],
        ['huge number', '1e308'],
        ['long number', '99999999999999999999'],
        ['over a 32-bit integer', '2147483648'],
        ...(s.minimum === undefined ? [['negative', '-1'] as [string, unknown]] : []),
      );
    if (type === 'integer') out.push(['fraction', '1.5']);
    else if (type === 'boolean') out.push(['not a boolean', 'maybe']);
    else if (s.enum) out.push(['not an option', 'not-an-option']);
    else if (s.format === 'uuid') out.push(['not a uuid', 'not-a-uuid']);
    else if (s.format === 'date' || s.format === 'date-time') out.push(['not a date', '2026-13-45']);
    if (type !== 'array') out.push(['repeated', ['a', 'b']]);
    out.push(['huge string', HUGE], ['NUL byte', 'a\u0000b']);
    return out;
  }
  if (type === 'string') out.push(['number for a string', 12345], ['object for a string', { a: 1 }]);
  else if (type === 'integer' || type === 'number')
    out.push(
      ['string for a number', 'abc'],
      ['empty string for a number', ''],
      ['boolean for a number', true],
      ...HUGE_NUMBERS.map((n): [string, unknown] => [`huge number ${n}`, n]),
      ['over a 32-bit integer', 2 ** 31],
      ...(type === 'integer' ? [['fraction', 1.5] as [string, unknown]] : []),
      ...(s.minimum === undefined && s.exclusiveMinimum === undefined ? [['negative', -1] as [string, unknown]] : []),
    );
  else if (type === 'boolean') out.push(['string for a boolean', 'yes']);
  else if (type === 'array')
    out.push(['string for an array', 'x'], ['huge array', Array(5000).fill(HUGE.slice(0, 20))]);
  else if (type === 'object') out.push(['string for an object', 'x']);
  if (!s.nullable && !(Array.isArray(s.type) && s.type.includes('null'))) out.push(['null', null]);
  if (type === 'string' || s.enum)
    out.push(['huge string', HUGE], ['NUL byte', 'a\u0000b'], ['lone surrogate', 'a\ud800b']);
  if (s.format === 'date' || s.format === 'date-time') out.push(['not a date', '2026-13-45']);
  return out;
}

function casesFor(doc: Doc, route: string, method: string, op: Operation, known: Known): Case[] {
  const resolve = resolver(doc);
  const params = op.parameters ?? [];
  const own = (name: string, where: 'path' | 'field'): string | undefined => {
    if (where === 'path') {
      const rule = OWN_PATH_IDS.find(([pattern, param]) => param === name && pattern.test(route));
      return rule ? known[rule[2]] : undefined;
    }
    const which = OWN_FIELDS[name];
    return which ? known[which] : undefined;
  };
  const base = {
    path: Object.fromEntries(
      params
        .filter((p) => p.in === 'path')
        .map((p) => [p.name, own(p.name, 'path') ?? String(sample(resolve, p.schema, 0, known, p.name))]),
    ),
    query: Object.fromEntries(
      params
        .filter((p) => p.in === 'query' && (p.required || own(p.name, 'field')))
        .map((p) => [p.name, own(p.name, 'field') ?? sample(resolve, p.schema, 0, known, p.name)]),
    ),
    headers: Object.fromEntries(
      params.filter((p) => p.in === 'header' && p.required).map((p) => [p.name, String(sample(resolve, p.schema))]),
    ),
  };
  const jsonSchema = op.requestBody?.content['application/json']?.schema;
  const shapes = jsonSchema ? alternatives(doc, jsonSchema) : [];
  const bodies = shapes.map((shape) => ({ shape, json: sample(resolve, shape, 0, known) as Record<string, unknown> }));
  const withBody = bodies[0] ? { body: { json: bodies[0].json } } : {};
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
  // A body that cannot be parsed is refused, whatever the operation reads. (A text/plain body is only wrong where the
  // operation takes a body: Fastify parses text/plain, and an operation without a body ignores it.)
  if (method !== 'get') add('invalid JSON', { body: { raw: '{"a":', type: 'application/json' } });
  // The error message is translated: languages that are not one, on a request that is bad anyway (the first case of
  // this operation, or invalid JSON).
  const first = cases[0];
  add('bad language headers', {
    ...(first ? { path: first.path, query: first.query, ...(first.body ? { body: first.body } : {}) } : {}),
    headers: {
      ...(first?.headers ?? base.headers),
      'x-lang': '../../etc',
      'accept-language': `${'x'.repeat(5000)};q=abc,*;q=-1`,
    },
    ...(method !== 'get' ? { body: { raw: '{"a":', type: 'application/json' } } : {}),
  });
  if (bodies.length) {
    add('wrong content type', { body: { raw: 'a=1', type: 'text/plain' } });
    add('form content type', { body: { raw: 'a=1', type: 'application/x-www-form-urlencoded' } });
    add('empty JSON body', { body: { raw: '', type: 'application/json' } });
    add('array body', { body: { json: [] } });
    add('null body', { body: { raw: 'null', type: 'application/json' } });
    add('string body', { body: { raw: '"x"', type: 'application/json' } });
    add('body over the limit', { body: { raw: TOO_LARGE, type: 'application/json' } });
    add('deeply nested body', { body: { raw: `${'['.repeat(5000)}${']'.repeat(5000)}`, type: 'application/json' } });
  }
  bodies.forEach(({ shape, json }, n) => {
    const tag = bodies.length > 1 ? `body#${n + 1}` : 'body';
    // `{}` is only wrong when every shape the body may take has a required field.
    if (bodies.every((b) => b.shape.required?.length))
      add(`${tag}: every required field missing`, { body: { json: {} } });
    for (const f of fieldsOf(resolve, shape, json)) {
      if (f.required) add(`${tag} ${f.path.join('.')} missing`, { body: { json: f.set(undefined) } });
      for (const [what, value] of wrongValues(f.schema, 'json'))
        add(`${tag} ${f.path.join('.')}: ${what}`, { body: { json: f.set(value) } });
    }
  });
  if (cases.length > CAP) capped.push(`${method.toUpperCase()} ${route}: ${cases.length}`);
  if (process.env.SWEEP_BASE === '1') return [{ label: 'BASE', ...base, ...withBody }];
  return [...cases.slice(0, CAP), ...(EXTRA[`${method.toUpperCase()} ${route}`]?.(base) ?? [])];
}

/** Operations that have cases of their own besides the generated ones (multipart, signed webhooks). */
const EXTRA: Record<string, (base: Pick<Case, 'path' | 'query' | 'headers'>) => Case[]> = {
  'POST /v1/team/cv': (base) => {
    const form = (parts: Array<[string, string, string?]>) => {
      const boundary = 'sweepboundary';
      const raw = parts
        .map(
          ([name, value, filename]) =>
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ''}\r\n${filename ? 'Content-Type: application/octet-stream\r\n' : ''}\r\n${value}\r\n`,
        )
        .join('');
      return { raw: `${raw}--${boundary}--\r\n`, type: `multipart/form-data; boundary=${boundary}` };
    };
    const fields: Array<[string, string]> = [
      ['positionId', openPosition],
      ['name', 'Ada Lovelace'],
      ['email', 'sweep@example.com'],
      ['phone', '030 12345678'],
      ['message', 'Hello'],
    ];
    const pdf = '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF';
    const at = { ...base, headers: { ...base.headers } };
    return [
      { label: 'multipart without a file', ...at, body: form(fields) },
      { label: 'multipart with a text file', ...at, body: form([...fields, ['cv', 'plain text', 'cv.txt']]) },
      { label: 'multipart, huge field', ...at, body: form([...fields, ['message', HUGE], ['cv', pdf, 'cv.pdf']]) },
      {
        label: 'multipart, NUL in a field',
        ...at,
        body: form([['name', 'a\u0000b'], ...fields.slice(2), ['positionId', openPosition], ['cv', pdf, 'cv.pdf']]),
      },
      {
        label: 'multipart, broken',
        ...at,
        body: { raw: '--sweepboundary\r\nbroken', type: 'multipart/form-data; boundary=sweepboundary' },
      },
      { label: 'JSON instead of multipart', ...at, body: { json: Object.fromEntries(fields) } },
    ];
  },
  'POST /v1/payment/webhook/{provider}': (base) =>
    ['stripe', 'sandbox'].flatMap((provider) => {
      const event = JSON.stringify({ id: 'evt_sweep', type: 'payment_intent.succeeded', data: { object: {} } });
      const at = { ...base, path: { provider } };
      return [
        { label: `${provider}: no signature`, ...at, headers: {}, body: { raw: event, type: 'application/json' } },
        {
          label: `${provider}: bad signature`,
          ...at,
          headers: { [`${provider}-signature`]: `t=${Math.floor(Date.now() / 1000)},v1=${'0'.repeat(64)}` },
          body: { raw: event, type: 'application/json' },
        },
        {
          label: `${provider}: garbage signature`,
          ...at,
          headers: { [`${provider}-signature`]: 'garbage' },
          body: { raw: 'not json', type: 'application/json' },
        },
      ];
    }),
};

const capped: string[] = [];
/** An open position, so that the CV cases reach past "position not found". */
let openPosition: string = randomUUID();

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

/** Rows of `db.execute` (node-postgres and PGlite both answer `{ rows }`). */
const rowsOf = <T>(result: unknown) => ((result as { rows?: unknown[] }).rows ?? []) as T[];

/** Every table of the app with its row count and an md5 over its rows. */
async function snapshot(): Promise<Map<string, string>> {
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
    timer = setTimeout(() => resolve('timeout'), 20_000);
  });
  const res = await Promise.race([answer, timeout]);
  clearTimeout(timer);
  return res;
}

/** What is wrong with an answer to bad input, or null. */
function problemOf(res: Awaited<ReturnType<typeof send>>): string | null {
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
  }
  return null;
}

/** The code of the first store variant in a list of store items. */
function firstVariant(items: unknown): string {
  const text = JSON.stringify(items ?? {});
  const code = /"(?:variant_code|code)":"([A-Za-z0-9][A-Za-z0-9-]{0,39})"/.exec(text)?.[1];
  if (!code) throw new Error(`no store variant in ${text.slice(0, 200)}`);
  return code;
}

describe('bad-input sweep over every operation of /docs/json', () => {
  let doc: Doc;
  /** The callers: anonymous, two demo accounts signed in through the API, and a token that is not one. */
  const tokens: Record<string, string | null> = { anonymous: null, 'bad token': 'not-a-token' };
  let before: Map<string, string>;

  const known: Record<string, Known> = {
    anonymous: {},
    customer: {},
    dealer: {},
    admin: {},
    translator: {},
    'bad token': {},
  };

  /** The first id (`_id` or `id`) in an answer. */
  const firstId = (value: unknown): string | undefined => {
    if (Array.isArray(value)) return value.map(firstId).find(Boolean);
    if (!value || typeof value !== 'object') return undefined;
    const record = value as Record<string, unknown>;
    const own = record._id ?? record.id;
    if (typeof own === 'string') return own;
    return Object.values(record).map(firstId).find(Boolean);
  };

  beforeAll(async () => {
    doc = (await ctx.app.inject('/docs/json')).json() as Doc;
    const get = async (url: string, token: string | null) => {
      const res = await ctx.app.inject({
        url,
        remoteAddress: nextIp(),
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      return res.statusCode === 200 ? res.json() : undefined;
    };
    // A report, so that the reporter's routes are swept with a real code and secret.
    const report = await ctx.app.inject({
      method: 'POST',
      url: '/v2/whistleblowing/reports',
      remoteAddress: nextIp(),
      payload: { category: 'other', description: 'A report made before the bad-input sweep.' },
    });
    expect(report.statusCode, report.body).toBe(201);
    const { code, secret } = report.json() as { code: string; secret: string };
    openPosition = firstId(await get('/v1/team/positions?country=DE&lang=en', null)) ?? openPosition;
    const variant = firstVariant(await get('/v1/store/items?country=DE', null));
    for (const [role, email] of [
      ['anonymous', null],
      ['customer', 'customer@demo.starkfuture.com'],
      ['dealer', 'dealer@demo.starkfuture.com'],
      ['admin', 'admin@demo.starkfuture.com'],
      ['translator', 'translator@demo.starkfuture.com'],
    ] as const) {
      if (email) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/v1/user/sign-in',
          remoteAddress: nextIp(),
          payload: { email, password: DEMO_PASSWORD },
        });
        expect(res.statusCode, res.body).toBe(200);
        tokens[role] = res.json().token;
      }
      const token = tokens[role] ?? null;
      // Each caller's own records, so that bad input also reaches the routes behind their "not found".
      const cart = await ctx.app.inject({
        method: 'POST',
        url: '/v1/cart/add-store-item?country=DE',
        remoteAddress: nextIp(),
        headers: token ? { authorization: `Bearer ${token}` } : {},
        payload: { variant_code: variant },
      });
      expect(cart.statusCode, cart.body).toBeLessThan(300);
      // A payment waiting for its confirmation, on the first of the caller's orders that takes one.
      let payment: string | undefined;
      const orders = ((await get('/v1/order', token))?.docs ?? []) as Array<{ id: string }>;
      for (const order of token ? orders : []) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: '/v1/payment/create-intent',
          remoteAddress: nextIp(),
          headers: { authorization: `Bearer ${token}` },
          payload: { orderId: order.id, method: 'card' },
        });
        if (res.statusCode === 200) {
          payment = firstId(res.json());
          break;
        }
      }
      known[role] = {
        code,
        secret,
        payment,
        cart: firstId(cart.json()),
        ...(token
          ? {
              user: firstId(await get('/v1/user/me', token)),
              dealer: firstId(await get('/v1/dealer/my', token)),
              order: firstId(await get('/v1/order', token)),
              vehicle: firstId(await get('/v1/vehicles', token)),
              referral: firstId(await get('/v1/referral/refer', token)),
              line: firstId((await get(`/v1/dealer/orders/${orders[0]?.id}`, token))?.lines),
            }
          : {}),
      };
    }
    // The administrator's own records: a dealer's payment to record or refund, a dealer application to review.
    known.admin = {
      ...known.admin,
      payment: known.dealer?.payment,
      application: firstId(await get('/v1/admin/dealer-applications', tokens.admin ?? null)),
    };
    // The sweep reaches past "not found" only with these.
    expect(Object.keys(known.customer ?? {}).filter((k) => known.customer?.[k as keyof Known])).toEqual(
      expect.arrayContaining(['cart', 'user', 'order', 'vehicle', 'code']),
    );
    expect(Object.keys(known.dealer ?? {}).filter((k) => known.dealer?.[k as keyof Known])).toEqual(
      expect.arrayContaining(['cart', 'user', 'dealer', 'order', 'referral', 'payment', 'line']),
    );
    expect(known.admin?.application).toBeTruthy();
    // Signing in, the carts, the report and the payments write rows: the snapshot is taken after them.
    before = await snapshot();
  });

  for (const role of ['anonymous', 'customer', 'dealer', 'admin', 'translator', 'bad token'] as const) {
    it(`answers bad input with a 4xx and changes nothing, as ${role}`, {
      timeout: process.env.SWEEP_TRACE === '1' ? 900_000 : 180_000,
    }, async () => {
      const problems: string[] = [];
      /** Debugging output (SWEEP_TRACE, SWEEP_BASE), written to SWEEP_OUT. */
      const notes: string[] = [];
      const trace = process.env.SWEEP_TRACE === '1';
      let count = 0;
      for (const [route, methods] of Object.entries(doc.paths)) {
        for (const [method, op] of Object.entries(methods)) {
          const at = `${method.toUpperCase()} ${route}`;
          if (at in SKIPPED) continue;
          const mark = trace ? await snapshot() : undefined;
          for (const c of casesFor(doc, route, method, op, known[role] ?? {})) {
            const res = await send(method.toUpperCase(), route, c, tokens[role] ?? null);
            if (res !== null) count++;
            const problem = problemOf(res);
            if (problem) problems.push(`${at} [${c.label}]: ${problem}`);
            if (process.env.SWEEP_BASE === '1' && res && res !== 'timeout')
              notes.push(`(base) ${at}: ${res.statusCode} ${res.body.slice(0, 160)}`);
            if (trace && res && res !== 'timeout' && res.statusCode < 400 && method !== 'get')
              notes.push(`(trace) ${at} [${c.label}]: ${res.statusCode} ${res.body.slice(0, 100)}`);
          }
          if (mark) for (const change of changed(mark, await snapshot())) notes.push(`${at} changed ${change}`);
        }
      }
      const after = await snapshot();
      const changes = changed(before, after);
      before = after;
      if (process.env.SWEEP_OUT) {
        const { appendFileSync } = await import('node:fs');
        appendFileSync(
          process.env.SWEEP_OUT,
          `${role}: ${count} requests\n${[...problems, ...changes, ...notes].join('\n')}\n`,
        );
      }
      expect(count).toBeGreaterThan(1000);
      expect(problems).toEqual([]);
      expect(changes).toEqual([]);
    });
  }
});
