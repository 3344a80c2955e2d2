import { type TypedCalls, typedCalls } from './api-call.ts';

// The one typed API client. Loaders and actions are the only callers; the server provides the transport
// (in-process `inject`, or HTTP when API_URL is set).
export interface ApiResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface ApiTransport {
  request(req: {
    method: string;
    path: string;
    headers?: Record<string, string>;
    body?: string;
    clientIp?: string | undefined;
    /** Made for a private page (the whistleblowing channel): the API keeps no log line of it (decision 029). */
    private?: boolean | undefined;
  }): Promise<ApiResponse>;
}

const BRAND = Symbol.for('varg.ApiRequestError');

/**
 * True for an API error answer. Checked by brand, not `instanceof`: the server and the bundled app each load their own
 * copy of this module.
 */
export function isApiRequestError(error: unknown): error is ApiRequestError {
  return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[BRAND] === true;
}

export class ApiRequestError extends Error {
  readonly [BRAND] = true;
  readonly status: number;
  readonly code: string;
  readonly tKey: string | undefined;
  constructor(status: number, code: string, message: string, tKey?: string) {
    super(message);
    this.status = status;
    this.code = code;
    this.tKey = tKey;
  }
}

export interface CallOptions {
  lang?: string;
  /** Access token; the call is then never served from or stored in the cache. */
  token?: string | null;
  /** The visitor's address, so the API's per-IP limits count visitors, not this server. */
  clientIp?: string;
  /** The call serves a private page: the API logs nothing of it (decision 029). */
  private?: boolean;
  /** The page request's id: the API's log lines of this call carry it too. */
  requestId?: string;
}

export interface ApiClient extends TypedCalls<[options?: CallOptions]> {
  /** @deprecated by path; use `call` by operationId (decision 036). */
  get<T>(path: string, options?: CallOptions): Promise<T>;
  /** @deprecated by path; use `call` by operationId (decision 036). */
  send<T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, options?: CallOptions): Promise<T>;
  /** Forgets every cached public answer (after a change this process made, such as a saved translation). */
  clearCache(): void;
}

interface CacheEntry {
  expires: number;
  value: unknown;
  /** The answer's size in bytes, counted against the cache's bound. */
  bytes: number;
}

/**
 * Public answers kept for their max-age, at most `maxBytes` of them: a URL with ever-new query strings (a search, a
 * filter) cannot grow a process's memory. Expired entries go when met; past the bound the oldest go first.
 */
function answerCache(maxBytes: number, now: () => number) {
  const entries = new Map<string, CacheEntry>();
  let bytes = 0;
  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.bytes;
    entries.delete(key);
  };
  return {
    get(key: string): CacheEntry | undefined {
      const entry = entries.get(key);
      if (entry && entry.expires <= now()) drop(key);
      return entry && entry.expires > now() ? entry : undefined;
    },
    set(key: string, entry: CacheEntry) {
      drop(key);
      if (entry.bytes > maxBytes) return;
      entries.set(key, entry);
      bytes += entry.bytes;
      for (const [oldest, kept] of entries) {
        if (bytes <= maxBytes) break;
        if (kept !== entry) drop(oldest);
      }
    },
    clear() {
      entries.clear();
      bytes = 0;
    },
    /** What is kept now: entries and bytes. */
    size: () => ({ entries: entries.size, bytes }),
  };
}

/** How much of the API's public answers each process keeps (4 MB: the catalogue and reference data fit many times). */
export const API_CACHE_MAX_BYTES = 4 * 1024 * 1024;

/**
 * The same client, with the visitor's address and the page request's id on every call (marked private for a private
 * page).
 */
export function forVisitor(api: ApiClient, clientIp: string, isPrivate = false, requestId?: string): ApiClient {
  const extra = { clientIp, ...(isPrivate ? { private: true } : {}), ...(requestId ? { requestId } : {}) };
  const get: ApiClient['get'] = (path, options) => api.get(path, { ...options, ...extra });
  const send: ApiClient['send'] = (method, path, body, options) =>
    api.send(method, path, body, { ...options, ...extra });
  return { get, send, call: typedCalls({ get, send }), clearCache: () => api.clearCache() };
}

/**
 * Creates the client. Public GET answers (`cache-control: public, max-age=N`) are kept for N seconds, so a page
 * render does not ask the API for the country list on every request.
 */
export function createApiClient(
  transport: ApiTransport,
  now: () => number = Date.now,
  maxBytes = API_CACHE_MAX_BYTES,
): ApiClient {
  const cache = answerCache(maxBytes, now);

  async function call<T>(method: string, path: string, body: unknown, options: CallOptions = {}): Promise<T> {
    const { lang, token, clientIp, private: isPrivate, requestId } = options;
    const headers: Record<string, string> = { accept: 'application/json' };
    if (requestId) headers['x-request-id'] = requestId;
    if (lang) headers['x-lang'] = lang;
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await transport.request({
      method,
      path,
      headers,
      clientIp,
      ...(isPrivate ? { private: true } : {}),
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const parsed = res.body ? (JSON.parse(res.body) as unknown) : undefined;
    if (res.status >= 400) {
      const e = (parsed ?? {}) as { code?: string; message?: string; t_key?: string };
      throw new ApiRequestError(res.status, e.code ?? 'UNKNOWN', e.message ?? `HTTP ${res.status}`, e.t_key);
    }
    if (method === 'GET' && !token) {
      const cc = String(res.headers['cache-control'] ?? '');
      const maxAge = /(?:^|,)\s*public\b/.test(cc) ? Number(/max-age=(\d+)/.exec(cc)?.[1] ?? 0) : 0;
      if (maxAge > 0)
        cache.set(`${lang ?? ''} ${path}`, {
          expires: now() + maxAge * 1000,
          value: parsed,
          bytes: res.body.length + path.length + 64,
        });
    }
    return parsed as T;
  }

  // When a public answer expires, every page rendering at that moment misses it together: under load 50 renders asked
  // the API for the same product list at once and waited up to 5 s for it (bench/README.md, decision 069). A call for
  // an answer last seen public joins the one already on its way instead. Only such answers: an anonymous call whose
  // answer was never public (a visitor's cart) is always made on its own.
  const inFlight = new Map<string, Promise<unknown>>();
  const seenPublic = new Set<string>();

  async function get<T>(path: string, options?: CallOptions) {
    if (options?.token) return call<T>('GET', path, undefined, options);
    const key = `${options?.lang ?? ''} ${path}`;
    const hit = cache.get(key);
    if (hit) return hit.value as T;
    const pending = inFlight.get(key);
    if (pending) return pending as Promise<T>;
    if (!seenPublic.has(key)) {
      const answer = await call<T>('GET', path, undefined, options);
      if (cache.get(key)) {
        // Bounded like the cache: keys of ever-new query strings start the set again.
        if (seenPublic.size >= 10_000) seenPublic.clear();
        seenPublic.add(key);
      }
      return answer;
    }
    const shared = call<T>('GET', path, undefined, options).finally(() => inFlight.delete(key));
    inFlight.set(key, shared);
    return shared;
  }
  const send: ApiClient['send'] = (method, path, body, options) => call(method, path, body, options);
  // `seenPublic` stays: an answer forgotten after a change is still public, and the renders asking for it again share.
  return { get, send, call: typedCalls({ get, send }), clearCache: () => cache.clear() };
}
