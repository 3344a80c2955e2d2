import type { Readable } from 'node:stream';
import { type ApiConfig, type GeoLookup, PRIVATE_RELAY_HEADER } from '@varg/api';
import type { Locale } from '@varg/domain';
import { COOKIE, parseLocaleSegment } from '@varg/domain';
import type { Messages } from '@varg/i18n';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  createRequestHandler,
  matchRoutes,
  type RouteObject,
  type RouterContext,
  RouterContextProvider,
  type ServerBuild,
} from 'react-router';
import { type ApiClient, type ApiTransport, createApiClient, forVisitor } from '../app/lib/api.ts';
import type { AppServices } from '../app/lib/context.ts';
import { documentBytesOf } from '../app/lib/document-bytes.ts';
import type { FirstMessages, KeyArea } from './message-areas.ts';
import { messagesAssets, parseMessagesFile } from './messages-asset.ts';
import { createPageCache, toCachedPage } from './page-cache.ts';
import { renderGate } from './render-gate.ts';
import { rememberRouteMatches } from './route-matches.ts';
import { asStaticFile } from './static-headers.ts';

export interface WebOptions {
  /** Built stylesheets by URL path, inlined into documents to save the render-blocking request. */
  inlineStyles?: Map<string, string>;
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: 'production' | 'development';
  apiUrl?: string | undefined;
  publicUrl?: string | undefined;
  pageCacheTtlMs: number;
  /** Pages rendered at once; the others wait their turn (0: no limit; decision 074). */
  renderConcurrency?: number;
  messagesFor(locale: Locale): Messages;
  /** Which script brings each key to the browser (`scanMessageAreas`); absent: all in the shop's (development). */
  messageAreas?: ((key: string) => KeyArea) | undefined;
  /** The keys of each shop page's first messages script (`MessageAreas.first`); absent: pages get the shop's script. */
  firstMessages?: FirstMessages | undefined;
  geo: GeoLookup;
  config: Pick<ApiConfig, 'demo' | 'marketingSiteUrl' | 'whitelistEmails' | 'devMailbox' | 'mapTileUrl' | 'recaptcha'>;
}

/**
 * In-process transport: the API answers through Fastify's inject, with no socket. The visitor's address is the
 * request's remote address, so the API's per-address limits count visitors, not this server.
 */
export function injectTransport(app: FastifyInstance): ApiTransport {
  return {
    async request({ method, path, headers, body, clientIp, private: isPrivate }) {
      const res = await app.inject({
        method: method as 'GET',
        url: path,
        // A private page's calls carry the process's relay mark: the API logs them no more than the page.
        headers: { ...headers, ...(isPrivate ? { [PRIVATE_RELAY_HEADER]: app.privateRelayMark } : {}) },
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

/** Page form posts: 1 MB; multipart uploads: 11 MB (decision 029). Larger is a 413, counted while reading. */
export const FORM_BODY_LIMIT = 1024 * 1024;
export const UPLOAD_BODY_LIMIT = 11 * 1024 * 1024;

const bodyLimitOf = (request: FastifyRequest) =>
  /^multipart\/form-data\b/i.test(request.headers['content-type'] ?? '') ? UPLOAD_BODY_LIMIT : FORM_BODY_LIMIT;

class BodyTooLarge extends Error {}

/**
 * The request body as a web stream that stops reading and fails as soon as more than `limit` bytes arrived, whatever
 * Content-Length said (or without one): nothing larger is ever buffered.
 */
function limitedBody(source: Readable, limit: number, onTooLarge: () => void): ReadableStream<Uint8Array> {
  const chunks = source[Symbol.asyncIterator]();
  let seen = 0;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await chunks.next();
      if (done) return controller.close();
      const chunk = value as Buffer;
      seen += chunk.length;
      if (seen > limit) {
        onTooLarge();
        source.pause();
        controller.error(new BodyTooLarge('request body too large'));
        return;
      }
      controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    },
    cancel() {
      source.pause();
    },
  });
}

/**
 * The ids of the routes a URL matches, the deepest last (`/x.data` for `/x`, `/_root.data` for `/`). Matching ranks
 * every route again on each call: the answer is kept per path, bounded by entries × length (at most 5,000 paths of
 * ≤ 512 characters, ~5 MB; a full map starts over; a longer path is matched every time).
 */
export function routeMatcher(build: ServerBuild): (url: string) => readonly string[] {
  const routes = build.routes;
  const tree = (parentId: string | undefined): RouteObject[] =>
    Object.values(routes)
      .filter((r) => r && r.parentId === parentId)
      .map((r) => {
        const route = r as NonNullable<typeof r>;
        return {
          id: route.id,
          path: route.path,
          index: route.index,
          caseSensitive: route.caseSensitive,
          children: tree(route.id),
        } as RouteObject;
      });
  const roots = tree(undefined);
  const known = new Map<string, readonly string[]>();
  return (url) => {
    let path = url.split(/[?#]/)[0] ?? '/';
    if (path.endsWith('/_root.data')) path = path.slice(0, -'_root.data'.length) || '/';
    else if (path.endsWith('.data')) path = path.slice(0, -'.data'.length);
    const remembered = known.get(path);
    if (remembered !== undefined) return remembered;
    const answer = (matchRoutes(roots, path) ?? []).map((m) => m.route.id as string);
    if (path.length > 512) return answer;
    if (known.size >= 5_000) known.clear();
    known.set(path, answer);
    return answer;
  };
}

/** Which URLs are private pages: a route of the build whose module's `handle.privacy` is true (decision 029). */
export function privatePages(build: ServerBuild, matched = routeMatcher(build)): (url: string) => boolean {
  const isPrivate = (id: string) =>
    (build.routes[id]?.module as { handle?: { privacy?: unknown } } | undefined)?.handle?.privacy === true;
  return (url) => matched(url).some(isPrivate);
}

/**
 * The keys of the first messages script of a page whose deepest route is `leafId` (decision 068, session 15): the
 * common ones and those of each route from the root down to it; undefined when a route on the way has no list (the
 * office's, a resource route's): that page gets the shop's whole script. Kept per route.
 */
export function firstKeysOf(
  build: ServerBuild,
  first: FirstMessages,
): (leafId: string) => ReadonlySet<string> | undefined {
  const known = new Map<string, ReadonlySet<string> | undefined>();
  return (leafId) => {
    if (known.has(leafId)) return known.get(leafId);
    let keys: Set<string> | undefined = new Set(first.common);
    for (let id: string | undefined = leafId; id !== undefined; id = build.routes[id]?.parentId) {
      const own = first.routes.get(id);
      if (!own || !build.routes[id]) {
        keys = undefined;
        break;
      }
      for (const key of own) keys.add(key);
    }
    known.set(leafId, keys);
    return keys;
  };
}

function toWebRequest(
  request: FastifyRequest,
  origin: string,
  controller: AbortController,
  body?: ReadableStream<Uint8Array>,
): Request {
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else headers.set(key, String(value));
  }
  if (request.method !== 'GET' && request.method !== 'HEAD' && !headers.has('content-type')) {
    headers.set('content-type', 'application/x-www-form-urlencoded');
  }
  request.raw.once('close', () => request.raw.readableAborted && controller.abort());
  return new Request(new URL(request.url, origin), {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(body ? { body, duplex: 'half' } : {}),
  } as RequestInit);
}

/**
 * A page's key in the shared page cache. `origin` is part of it when the origin comes from the request (no
 * PUBLIC_URL): a page rendered for one Host never answers a request for another (decision 029).
 */
function cacheKey(request: FastifyRequest, ipCountry: string | null, origin: string | null): string | null {
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
    origin ?? '',
  ].join('\u0000');
}

/** Mounts React Router on the Fastify instance: every path the API and static files do not claim. */
export async function mountWeb(app: FastifyInstance, options: WebOptions) {
  // React Router's route matching, remembered per path and build (decision 069).
  if (!(await rememberRouteMatches()))
    app.log.warn('React Router route matching is not remembered (its matcher moved)');
  const getBuild = typeof options.build === 'function' ? options.build : async () => options.build as ServerBuild;
  // A fixed build is handed over as such: given a function, React Router derives its routes again on every request
  // (meant for development, where the build changes).
  const handler = createRequestHandler(
    typeof options.build === 'function' ? getBuild : (options.build as ServerBuild),
    options.mode,
  );
  const api: ApiClient = createApiClient(options.apiUrl ? httpTransport(options.apiUrl) : injectTransport(app));
  const cache = createPageCache(options.mode === 'production' ? options.pageCacheTtlMs : 0);
  const gate = renderGate(options.renderConcurrency ?? 0);
  // An administrator's catalogue change, in this process or another, shows at once (decision 041): the pages and the
  // public API answers the pages' client keeps (the catalogue's say `max-age=60`) are both dropped.
  const stopListening = app.services?.catalogChanges?.subscribe(() => {
    cache.clear();
    api.clearCache();
  });
  if (stopListening) app.addHook('onClose', async () => void stopListening());
  // Private pages are known from the build's routes; a new build (development) brings its own.
  let build = await getBuild();
  let matchedRoutes = routeMatcher(build);
  let isPrivatePage = privatePages(build, matchedRoutes);
  // The first messages script of a page: its keys by its deepest route (decision 068, session 15).
  let firstKeys = options.firstMessages ? firstKeysOf(build, options.firstMessages) : () => undefined;
  // A page's refusal of a request body: a small document with the translated message (status 413 or 415).
  const refuseBody = (request: FastifyRequest, reply: FastifyReply, status: 413 | 415) => {
    const locale = parseLocaleSegment(request.url.split('/')[1]) ?? { lang: 'en-us' as const, country: 'US' };
    const { lang } = locale;
    const key = status === 413 ? 'error_payload_too_large' : 'error_unsupported_media_type';
    const message = options.messagesFor(locale)[key] ?? key;
    const escaped = message.replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`);
    return reply
      .code(status)
      .header('connection', 'close')
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="${lang}"><meta charset="utf-8"><title>${status}</title><p>${escaped}</p></html>`,
      );
  };

  // A locale's messages as a script of their own, kept by browsers for a year under its content hash (decision 067).
  // An older hash (a translator saved a text since the page was rendered) gets today's texts, revalidated each time.
  const messagesAsset = messagesAssets(options.messagesFor, options.messageAreas ?? (() => 'shop'), (routeId) =>
    firstKeys(routeId),
  );
  app.get<{ Params: { file: string } }>('/i18n/:file', { schema: { hide: true } }, async (request, reply) => {
    const file = parseMessagesFile(request.params.file);
    const locale = file && parseLocaleSegment(file.segment);
    if (!file || !locale) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
    const { overrides } = await api.call('getTranslationsByLang', { path: { lang: locale.lang } });
    const texts = messagesAsset(locale, overrides);
    const asset = file.area === 'first' ? texts.first(file.route) : texts[file.area];
    // A first script of a route this build has no list for (an address from an older build): the shop's texts.
    const body = asset ? (typeof asset.body === 'string' ? asset.body : asset.body()) : texts.shop.body;
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', asset?.hash === file.hash ? 'public, max-age=31536000, immutable' : 'no-cache');
    asStaticFile(reply, request.params.file);
    return body;
  });

  await app.register(async (web) => {
    // React Router reads form bodies itself: hand it the raw stream.
    web.removeAllContentTypeParsers();
    web.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    web.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: '*',
      schema: { hide: true },
      // The whistleblowing channel's page, `.data` and form requests leave no log line (decided by the page's route).
      config: { privacy: (request: FastifyRequest) => isPrivatePage(request.url) },
      handler: async (request: FastifyRequest, reply: FastifyReply) => {
        const hasBody = request.method !== 'GET' && request.method !== 'HEAD';
        const limit = bodyLimitOf(request);
        if (hasBody && Number(request.headers['content-length'] ?? 0) > limit) return refuseBody(request, reply, 413);
        // Pages take forms only (their actions read `formData()`); a body without a type is read as an empty form.
        const type = request.headers['content-type'];
        if (hasBody && type && !/^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) {
          return refuseBody(request, reply, 415);
        }
        const nonce = request.raw.cspNonce ?? '';
        const ipCountry = options.geo.countryOf(request.ip);
        const requestOrigin = `${request.protocol}://${request.host}`;
        const key = cacheKey(request, ipCountry, options.publicUrl ? null : requestOrigin);
        const hit = key ? cache.get(key) : undefined;
        if (hit) {
          reply.code(hit.status).headers(Object.fromEntries(hit.headers)).header('x-page-cache', 'hit');
          const copy = cache.withNonce(hit, nonce);
          // Once written, the copy serves a later hit (an answer cut off before that is left to the GC).
          reply.raw.once('finish', copy.release);
          return reply.send(copy.body);
        }

        // A page rendered for this request: its turn among the renders (decision 074).
        const leave = await gate.enter();
        try {
          const origin = options.publicUrl ?? requestOrigin;
          const current = await getBuild();
          if (current !== build) {
            build = current;
            matchedRoutes = routeMatcher(build);
            isPrivatePage = privatePages(build, matchedRoutes);
            if (options.firstMessages) firstKeys = firstKeysOf(build, options.firstMessages);
          }
          const isPrivate = isPrivatePage(request.url);
          // The context key comes from the build itself, so the server and the bundled app share one object.
          const servicesContext = (build.entry.module as unknown as { servicesContext: RouterContext<AppServices> })
            .servicesContext;
          const context = new RouterContextProvider();
          context.set(servicesContext, {
            api: forVisitor(api, request.ip, isPrivate, request.id),
            private: isPrivate,
            messagesFor: options.messagesFor,
            messagesAsset,
            leafRouteId: matchedRoutes(request.url).at(-1) ?? null,
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
              // The dev mailbox page exists in the demo only (decision 026).
              devMailbox: options.config.demo ? options.config.devMailbox : 'off',
              demo: options.config.demo,
            },
          });
          let tooLarge = false;
          const abort = new AbortController();
          // Fastify hands over no stream when there is no body at all.
          const source = request.body as Readable | undefined;
          const requestBody =
            hasBody && typeof source?.pipe === 'function'
              ? limitedBody(source, limit, () => {
                  tooLarge = true;
                  // The page's work stops here (an aborted request is not reported as an error of the page).
                  abort.abort();
                })
              : undefined;
          const response = await handler(toWebRequest(request, origin, abort, requestBody), context).catch(
            (error: unknown) => {
              if (tooLarge) return null;
              throw error;
            },
          );
          if (tooLarge || !response) return refuseBody(request, reply, 413);

          reply.code(response.status);
          // Without PUBLIC_URL the page's URLs come from the Host (or a trusted X-Forwarded-Host): shared caches in front
          // must key on it as this process's page cache does.
          const hostVary = !options.publicUrl && (response.headers.get('content-type') ?? '').startsWith('text/html');
          const headers: Array<[string, string]> = [];
          if (hostVary && !response.headers.has('vary')) headers.push(['vary', 'Host, X-Forwarded-Host']);
          response.headers.forEach((value, name) => {
            if (name === 'set-cookie') return;
            headers.push([name, hostVary && name === 'vary' ? `${value}, Host, X-Forwarded-Host` : value]);
          });
          for (const [name, value] of headers) reply.header(name, value);
          const cookies = response.headers.getSetCookie();
          if (cookies.length) reply.header('set-cookie', cookies);
          const isHtml = (response.headers.get('content-type') ?? '').startsWith('text/html');
          // A page is shared-cacheable only when its route says so (`s-maxage`); every other document is revalidated.
          const shared = /s-maxage=(\d+)/.exec(response.headers.get('cache-control') ?? '');
          // …unless it must not be stored at all (the whistleblowing pages' secrets).
          const noStore = /no-store/.test(response.headers.get('cache-control') ?? '');
          if (isHtml && !shared && !noStore) reply.header('cache-control', 'no-cache');
          // Every answer is sent as its bytes, never decoded: a rendered page as React wrote them (document-bytes.ts), a
          // file a route answers (the profile picture, decision 057) or any other body as it came.
          const body =
            documentBytesOf(response) ?? (response.body ? Buffer.from(await response.arrayBuffer()) : Buffer.alloc(0));
          if (key && isHtml && shared && response.status === 200 && cookies.length === 0) {
            cache.set(
              key,
              toCachedPage(200, headers, body, nonce),
              Math.min(Number(shared[1]) * 1000, options.pageCacheTtlMs),
            );
          }
          return reply.send(body);
        } finally {
          leave();
        }
      },
    });
  });
  return { api, cache };
}
