import { randomUUID } from 'node:crypto';

// The bad-input sweep's generator (apps/api/src/bad-input-sweep.test.ts): the OpenAPI document's types, resolving its
// schemas, valid samples and wrong values for a field. The cases per operation are in sweep-cases.ts, sending them and
// checking the answers and the tables in sweep-requests.ts.

export const HUGE = 'x'.repeat(100_000);
export const HUGE_NUMBERS = [1e308, -1e308, 2 ** 63];
export const BAD_IDS = [
  'not-a-uuid',
  randomUUID(),
  '..%2F..%2Fetc%2Fpasswd',
  '..',
  'y'.repeat(400),
  '%00',
  '-1',
  '1e308',
];
/** A JSON body over the 1 MB limit. */
export const TOO_LARGE = JSON.stringify({ a: 'z'.repeat(1_100_000) });
/** At most this many cases per operation and caller, so the sweep stays under a minute. */
export const CAP = 250;

// biome-ignore lint/suspicious/noExplicitAny: a JSON Schema of the OpenAPI document, read loosely
export type Schema = Record<string, any>;
export interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: Schema;
}
export interface Operation {
  parameters?: Parameter[];
  requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
}
export interface Doc {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
}

/** One request of the sweep: where, what and why (the label names the case in a failure). */
export interface Case {
  label: string;
  path: Record<string, string>;
  query: Record<string, unknown>;
  headers: Record<string, string>;
  /** A JSON value (sent as JSON) or a raw string with its own content type. */
  body?: { json: unknown } | { raw: string; type: string };
}

export function resolver(doc: Doc) {
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
export function alternatives(doc: Doc, raw: Schema): Schema[] {
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

export const typeOf = (s: Schema): string | undefined =>
  Array.isArray(s.type) ? (s.type as string[]).find((t) => t !== 'null') : (s.type as string | undefined);

/** Strings tried, in order, for a string field with a pattern or length bounds. */
export const CANDIDATES = ['DE', 'de', 'de-DE', 'en-us', 'en', 'abc', 'Abc12345', 'a1b2c3', '1', '12345', 'sandbox'];

/** The caller's own records, so that bad input also reaches routes past their "not found" (see `knownIds`). */
export interface Known {
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
export const OWN_PATH_IDS: Array<[RegExp, string, keyof Known]> = [
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
export const OWN_FIELDS: Record<string, keyof Known> = {
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
export function sample(resolve: (s: Schema) => Schema, raw: Schema, depth = 0, known: Known = {}, name = ''): unknown {
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
export const NAME_HINTS: Record<string, string> = {
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
export function wrongValues(s: Schema, where: 'json' | 'query'): Array<[string, unknown]> {
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

/** The fields of a body, nested objects and the first item of arrays included, each with a setter on a copy. */
export function fieldsOf(resolve: (s: Schema) => Schema, schema: Schema, base: Record<string, unknown>) {
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

export function setAt(base: Record<string, unknown>, path: string[], value: unknown): unknown {
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
