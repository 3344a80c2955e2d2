// Calls by operationId (decision 036): params, body and answer are typed from the generated api-schema.d.ts, and the
// method and path come from the generated api-operations.ts, so no page names an API path.
import { OPERATIONS } from './api-operations.ts';
import type { operations } from './api-schema';

export type OperationId = keyof operations & keyof typeof OPERATIONS;
type Op<K extends OperationId> = operations[K];
type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;

/** The path and query parameters of an operation (header and cookie parameters are the transport's). */
type ParamsOf<K extends OperationId> = Omit<Op<K>['parameters'], 'header' | 'cookie'>;
type BodyOf<K extends OperationId> =
  Op<K> extends { requestBody: infer R }
    ? { body: Json<R> }
    : Op<K> extends { requestBody?: infer R }
      ? [Json<R>] extends [never]
        ? { body?: never }
        : { body?: Json<R> }
      : { body?: never };

/** What a call passes: `{ path?, query?, body? }` as the operation declares them. */
export type CallArgs<K extends OperationId> = ParamsOf<K> & BodyOf<K>;

type Responses<K extends OperationId> = Op<K>['responses'];
/** The answer of a successful call (200, 201 or 202; nothing for a 204). */
export type Answer<K extends OperationId> =
  Responses<K> extends { 200: infer R }
    ? Json<R>
    : Responses<K> extends { 201: infer R }
      ? Json<R>
      : Responses<K> extends { 202: infer R }
        ? Json<R>
        : undefined;

/** The rest arguments of `call`: the args may be left out when the operation needs none. */
export type ArgsTuple<K extends OperationId, Extra extends unknown[] = []> =
  // biome-ignore lint/complexity/noBannedTypes: an operation with nothing required
  {} extends CallArgs<K> ? [args?: CallArgs<K>, ...extra: Extra] : [args: CallArgs<K>, ...extra: Extra];

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

type QueryValue = string | number | boolean | null | undefined | readonly (string | number | boolean)[];

/** The method, path with query, and body of one call. */
export function requestOf<K extends OperationId>(
  operationId: K,
  args?: CallArgs<K>,
): { method: Method; path: string; body: unknown } {
  const [method, template] = OPERATIONS[operationId] as readonly [Method, string];
  const loose = (args ?? {}) as { path?: Record<string, unknown>; query?: Record<string, QueryValue>; body?: unknown };
  // An empty value (a form field left out) makes an empty segment, which the API answers with a 4xx as before.
  const path = template.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeURIComponent(String(loose.path?.[name] ?? '')),
  );
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(loose.query ?? {})) {
    if (value === undefined || value === null) continue;
    for (const one of Array.isArray(value) ? value : [value]) params.append(name, String(one));
  }
  return { method, path: params.size ? `${path}?${params}` : path, body: loose.body };
}

/** A caller by operationId over a transport of paths (the API client, the signed-in user's calls, the cart's calls). */
export interface TypedCalls<Extra extends unknown[] = []> {
  call<K extends OperationId>(operationId: K, ...args: ArgsTuple<K, Extra>): Promise<Answer<K>>;
}

/** Builds `call` over a path-based `get`/`send` pair. */
export function typedCalls<Extra extends unknown[] = []>(raw: {
  get(path: string, ...extra: Extra): Promise<unknown>;
  send(method: 'POST' | 'PUT' | 'DELETE', path: string, body: unknown, ...extra: Extra): Promise<unknown>;
}): TypedCalls<Extra>['call'] {
  return (<K extends OperationId>(operationId: K, ...rest: ArgsTuple<K, Extra>) => {
    const [args, ...extra] = rest as unknown as [CallArgs<K> | undefined, ...Extra];
    const { method, path, body } = requestOf(operationId, args);
    return (method === 'GET' ? raw.get(path, ...extra) : raw.send(method, path, body, ...extra)) as Promise<Answer<K>>;
  }) as TypedCalls<Extra>['call'];
}
