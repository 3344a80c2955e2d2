import { randomUUID } from 'node:crypto';
import {
  alternatives,
  BAD_IDS,
  CAP,
  type Case,
  type Doc,
  fieldsOf,
  HUGE,
  type Known,
  type Operation,
  OWN_FIELDS,
  OWN_PATH_IDS,
  resolver,
  sample,
  TOO_LARGE,
  wrongValues,
} from './sweep-schema.ts';

// The bad-input sweep's cases (apps/api/src/bad-input-sweep.test.ts): the requests sent to one operation, and their URLs.

export function casesFor(doc: Doc, route: string, method: string, op: Operation, known: Known): Case[] {
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
export const EXTRA: Record<string, (base: Pick<Case, 'path' | 'query' | 'headers'>) => Case[]> = {
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

export const capped: string[] = [];
/** An open position, so that the CV cases reach past "position not found". */
let openPosition: string = randomUUID();

/** Uses an open position of the database for the CV cases (set before the sweep). */
export function setOpenPosition(id: string | undefined) {
  if (id) openPosition = id;
}

export function urlOf(route: string, c: Case) {
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
