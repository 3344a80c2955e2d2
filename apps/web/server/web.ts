import { Readable } from 'node:stream';
import type { ApiConfig, GeoLookup } from '@varg/api';
import type { Locale } from '@varg/domain';
import { COOKIE } from '@varg/domain';
import type { Messages } from '@varg/i18n';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type RouterContext, RouterContextProvider, type ServerBuild } from 'react-router';
import { type ApiClient, type ApiTransport, createApiClient, forVisitor } from '../app/lib/api.ts';
import type { AppServices } from '../app/lib/context.ts';
import { createPageCache, toCachedPage, withNonce } from './page-cache.ts';

export interface WebOptions {
  /** Built stylesheets by URL path, inlined into documents to save the render-blocking request. */
  inlineStyles?: Map<string, string>;
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: 'production' | 'development';
  apiUrl?: string | undefined;
  publicUrl?: string | undefined;
  pageCacheTtlMs: number;
  messagesFor(locale: Locale): Messages;
  geo: GeoLookup;
  config: Pick<ApiConfig, 'marketingSiteUrl' | 'whitelistEmails' | 'devMailbox' | 'mapTileUrl' | 'recaptcha'>;
}

/**
 * In-process transport: the API answers through Fastify's inject, with no socket. The visitor's address is the
 * request's remote address, so the API's per-address limits count visitors, not this server.
 */
export function injectTransport(app: FastifyInstance): ApiTransport {
  return {
    async request({ method, path, headers, body, clientIp }) {
      const res = await app.inject({
        method: method as 'GET',
        url: path,
        headers: headers ?? {},
        ...(clientIp ? { remoteAddress: clientIp } : {}),
        ...(body !== undefined ? { payload: body } : {}),
      });
      return { status: res.statusCode, headers: res.headers as Record<string, string>, body: res.body };
    },
  };
}

/**
 * HTTP transport, when the API runs elsewhere (API_URL). The visitor's address goes in X-Forwarded-For; the API counts
 * it when it trusts this server as a proxy (its TRUST_PROXY).
 */
export function httpTransport(baseUrl: string): ApiTransport {
  return {
    async request({ method, path, headers, body, clientIp }) {
      const res = await fetch(new URL(path, baseUrl), {
        method,
        headers: { ...headers, ...(clientIp ? { 'x-forwarded-for': clientIp } : {}) },
        ...(body !== undefined ? { body } : {}),
      });
      return { status: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
    },
  };
}

function toWebRequest(request: FastifyRequest, origin: string): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, String(value));
  }
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
  const controller = new AbortController();
  request.raw.once('close', () => request.raw.readableAborted && controller.abort());
  return new Request(new URL(request.url, origin), {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(request.body as Readable) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);
}

function cacheKey(request: FastifyRequest, ipCountry: string | null): string | null {
  if (request.method !== 'GET') return null;
  const cookies = request.cookies;
  if (Object.keys(cookies).some((k) => k.startsWith(COOKIE.authPrefix))) return null;
  // A visitor with a cart sees its count in the header.
  if (cookies[COOKIE.cartId.name]) return null;
  return [
    request.url,
    cookies[COOKIE.locale.name] ?? '',
    cookies[COOKIE.countryLang.name] ?? '',
    cookies[COOKIE.suggestedCountryDismissed.name] ?? '',
    ipCountry ?? '',
  ].join('\u0000');
}

/** Mounts React Router on the Fastify instance: every path the API and static files do not claim. */
export async function mountWeb(app: FastifyInstance, options: WebOptions) {
  const getBuild = typeof options.build === 'function' ? options.build : async () => options.build as ServerBuild;
  const handler = createRequestHandler(getBuild, options.mode);
  const api: ApiClient = createApiClient(options.apiUrl ? httpTransport(options.apiUrl) : injectTransport(app));
  const cache = createPageCache(options.mode === 'production' ? options.pageCacheTtlMs : 0);

  await app.register(async (web) => {
    // React Router reads form bodies itself: hand it the raw stream.
    web.removeAllContentTypeParsers();
    web.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    web.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '*',
      schema: { hide: true },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const nonce = request.raw.cspNonce ?? '';
        const ipCountry = options.geo.countryOf(request.ip);
        const key = cacheKey(request, ipCountry);
        const hit = key ? cache.get(key) : undefined;
        if (hit) {
          reply.code(hit.status).headers(Object.fromEntries(hit.headers)).header('x-page-cache', 'hit');
          return reply.send(withNonce(hit, nonce));
        }

        const origin = options.publicUrl ?? `${request.protocol}://${request.host}`;
        const build = await getBuild();
        // The context key comes from the build itself, so the server and the bundled app share one object.
        const servicesContext = (build.entry.module as unknown as { servicesContext: RouterContext<AppServices> })
          .servicesContext;
        const context = new RouterContextProvider();
        context.set(servicesContext, {
          api: forVisitor(api, request.ip),
          messagesFor: options.messagesFor,
          ipCountry,
          nonce,
          invalidatePublic: () => {
            cache.clear();
            api.clearCache();
          },
          inlineStyles: options.inlineStyles ?? new Map(),
          config: {
            marketingSiteUrl: options.config.marketingSiteUrl,
            mapTileUrl: options.config.mapTileUrl ?? '',
            captchaSiteKey: options.config.recaptcha?.siteKey ?? '',
            publicUrl: origin,
            whitelistEmails: options.config.whitelistEmails,
            devMailbox: options.config.devMailbox,
          },
        });
        const response = await handler(toWebRequest(request, origin), context);

        reply.code(response.status);
        const headers: Array<[string, string]> = [];
        response.headers.forEach((value, name) => {
          if (name === 'set-cookie') return;
          headers.push([name, value]);
          reply.header(name, value);
        });
        const cookies = response.headers.getSetCookie();
        if (cookies.length) reply.header('set-cookie', cookies);
        const isHtml = (response.headers.get('content-type') ?? '').startsWith('text/html');
        // A page is shared-cacheable only when its route says so (`s-maxage`); every other document is revalidated.
        const shared = /s-maxage=(\d+)/.exec(response.headers.get('cache-control') ?? '');
        // …unless it must not be stored at all (the whistleblowing pages' secrets).
        const noStore = /no-store/.test(response.headers.get('cache-control') ?? '');
        if (isHtml && !shared && !noStore) reply.header('cache-control', 'no-cache');
        const body = response.body ? await response.text() : '';
        if (key && isHtml && shared && response.status === 200 && cookies.length === 0) {
          cache.set(
            key,
            toCachedPage(200, headers, body, nonce),
            Math.min(Number(shared[1]) * 1000, options.pageCacheTtlMs),
          );
        }
        return reply.send(body);
      },
    });
  });
  return { api, cache };
}
