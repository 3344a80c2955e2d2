import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { routeAuth } from '../lib/route-security.ts';

/**
 * The OpenAPI document's shape beyond the routes' own schemas (decision 032): OpenAPI 3.1, a relative server, the
 * Bearer scheme, and for every operation an `operationId` and a `security` derived from the route itself. Routes
 * only declare what is theirs (tags, summary, schemas); a route may still set `operationId` or `security` in its
 * schema, which wins.
 */

type Transform = NonNullable<FastifyDynamicSwaggerOptions['transform']>;
type TransformObject = NonNullable<FastifyDynamicSwaggerOptions['transformObject']>;
type Security = Array<Record<string, string[]>>;

/** The security scheme of access tokens (`Authorization: Bearer <jwt>`, from `POST /v1/user/sign-in`). */
export const BEARER_SCHEME = {
  bearer: {
    type: 'http' as const,
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'The access token of `POST /v1/user/sign-in` (or sign-up confirmation, refresh): `Authorization: Bearer <token>`.',
  },
};

const SECURITY: Record<'bearer' | 'optional' | 'none', Security> = {
  bearer: [{ bearer: [] }],
  // Anonymous callers are served too; a token, when sent, is checked and used.
  optional: [{}, { bearer: [] }],
  none: [],
};

/** A response with the shared error envelope (`{ statusCode, code, message, t_key }`, component `Error`). */
const ERROR = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

type Operation = { security?: Security; responses?: Record<string, unknown> };

/** Adds the answers every such operation can give, whether or not its route's schema lists them. */
function addCommonResponses(paths: Record<string, Record<string, Operation>>) {
  for (const [path, operations] of Object.entries(paths))
    for (const operation of Object.values(operations)) {
      operation.responses ??= {};
      const responses = operation.responses;
      const bearerOnly = operation.security?.length && operation.security.every((s) => 'bearer' in s);
      if (bearerOnly) responses['401'] ??= ERROR('No valid Bearer token (none, expired or revoked)');
      if (/^\/v\d+\//.test(path))
        responses['429'] ??= ERROR('Too many requests from this address (the API’s rate limit)');
    }
}

const capital = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * A stable, readable operationId from the method and the path: `GET /v1/cart` → `getCart`, `POST /v1/cart/add-item`
 * → `postCartAddItem`, `GET /v2/address` → `getV2Address`, `GET /v1/order/{id}` → `getOrderById`. `/v1` is the
 * default version and is left out; parameters read `By<Name>`.
 */
export function operationIdOf(method: string, url: string): string {
  const segments = url.split('/').filter(Boolean);
  if (segments[0] === 'v1') segments.shift();
  const words = segments.flatMap((segment, i) =>
    segment
      // `:id`, `:id(^\\d+)` (Fastify) or `{id}` (OpenAPI); after a `by-<name>` segment, `{name}` adds nothing
      .replace(/:(\w+)(\([^)]*\))?|\{(\w+)\}/g, (_m, a, _re, b) =>
        segments[i - 1] === `by-${a ?? b}` ? ' ' : ` by ${a ?? b} `,
      )
      .replace(/\*/g, ' any ')
      .split(/[^A-Za-z0-9]+/)
      .filter(Boolean),
  );
  return method.toLowerCase() + words.map(capital).join('');
}

type RouteLike = Parameters<typeof routeAuth>[0] & { method: string | string[]; url: string };

/** The route's security from its guards: required Bearer, optional Bearer, or none (public). */
export const securityOf = (route: RouteLike): Security => SECURITY[routeAuth(route) ?? 'none'];

export const openapiTransform: Transform = (input) => {
  const result = jsonSchemaTransform(input as Parameters<typeof jsonSchemaTransform>[0]);
  const schema = result.schema as Record<string, unknown> & { hide?: boolean };
  if (schema.hide) return result;
  const route = input.route as unknown as RouteLike;
  const methods = typeof route.method === 'string' ? [route.method] : route.method;
  if (methods.length !== 1) throw new Error(`${route.url}: one method per documented route (operationId)`);
  schema.operationId ??= operationIdOf(methods[0] as string, input.url);
  schema.security ??= securityOf(route);
  return result;
};

/** Every `#/components/schemas/<name>` the value refers to. */
function refsIn(value: unknown, into: Set<string>) {
  if (Array.isArray(value)) for (const v of value) refsIn(v, into);
  else if (value && typeof value === 'object')
    for (const [key, v] of Object.entries(value)) {
      if (key === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/'))
        into.add(decodeURIComponent(v.slice('#/components/schemas/'.length)));
      else refsIn(v, into);
    }
}

/**
 * The zod registry yields an input and an output schema for every named contract; only those the operations use
 * (directly or through other schemas) are kept, so the document holds no unused component.
 */
export const openapiTransformObject: TransformObject = (input) => {
  const document = jsonSchemaTransformObject(input as Parameters<typeof jsonSchemaTransformObject>[0]) as {
    paths?: Record<string, Record<string, Operation>>;
    components?: { schemas?: Record<string, unknown> };
  };
  addCommonResponses(document.paths ?? {});
  const schemas = document.components?.schemas;
  if (!schemas) return document as ReturnType<TransformObject>;
  const used = new Set<string>();
  refsIn(document.paths, used);
  const queue = [...used];
  for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
    const found = new Set<string>();
    refsIn(schemas[name], found);
    for (const f of found)
      if (!used.has(f)) {
        used.add(f);
        queue.push(f);
      }
  }
  document.components = {
    ...document.components,
    schemas: Object.fromEntries(Object.entries(schemas).filter(([name]) => used.has(name))),
  };
  return document as ReturnType<TransformObject>;
};

/** The document-wide parts of the @fastify/swagger options (the app adds its info and tags). */
export const openapiBase = {
  openapi: '3.1.0',
  // Relative: the document holds no machine's address, and a client is pointed at its server (decision 032).
  servers: [{ url: '/', description: 'The server that serves this document' }],
  components: { securitySchemes: BEARER_SCHEME },
};
