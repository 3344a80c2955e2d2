// The one typed API client. Loaders and actions are the only callers; the server provides the transport
// (in-process `inject`, or HTTP when API_URL is set).
export interface ApiResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface ApiTransport {
  request(req: { method: string; path: string; headers?: Record<string, string>; body?: string }): Promise<ApiResponse>;
}

export class ApiRequestError extends Error {
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

export interface ApiClient {
  get<T>(path: string, options?: { lang?: string }): Promise<T>;
  send<T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, options?: { lang?: string }): Promise<T>;
}

interface CacheEntry {
  expires: number;
  value: unknown;
}

/**
 * Creates the client. Public GET answers (`cache-control: public, max-age=N`) are kept for N seconds, so a page
 * render does not ask the API for the country list on every request.
 */
export function createApiClient(transport: ApiTransport, now: () => number = Date.now): ApiClient {
  const cache = new Map<string, CacheEntry>();

  async function call<T>(method: string, path: string, body?: unknown, lang?: string): Promise<T> {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (lang) headers['x-lang'] = lang;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await transport.request({
      method,
      path,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const parsed = res.body ? (JSON.parse(res.body) as unknown) : undefined;
    if (res.status >= 400) {
      const e = (parsed ?? {}) as { code?: string; message?: string; t_key?: string };
      throw new ApiRequestError(res.status, e.code ?? 'UNKNOWN', e.message ?? `HTTP ${res.status}`, e.t_key);
    }
    if (method === 'GET') {
      const cc = String(res.headers['cache-control'] ?? '');
      const maxAge = /(?:^|,)\s*public\b/.test(cc) ? Number(/max-age=(\d+)/.exec(cc)?.[1] ?? 0) : 0;
      if (maxAge > 0) cache.set(`${lang ?? ''} ${path}`, { expires: now() + maxAge * 1000, value: parsed });
    }
    return parsed as T;
  }

  return {
    async get<T>(path: string, options?: { lang?: string }) {
      const hit = cache.get(`${options?.lang ?? ''} ${path}`);
      if (hit && hit.expires > now()) return hit.value as T;
      return call<T>('GET', path, undefined, options?.lang);
    },
    send: (method, path, body, options) => call(method, path, body, options?.lang),
  };
}
