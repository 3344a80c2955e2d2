import { SpanStatusCode, trace } from '@opentelemetry/api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { loggedUrl, networkOf } from './logging.ts';
import { isPrivateRequest } from './privacy.ts';

// The API's own part of the traces (decision 064). The process entry loads the OpenTelemetry SDK only when an OTLP
// endpoint is configured (apps/web/server/telemetry.ts); without it these calls are the API's no-ops.

const tracer = trace.getTracer('varg-api');

/** Runs a scheduled job's round as a span of its own (`job <name>`), so its queries and e-mails are its children. */
export function inJobSpan<T>(name: string, round: () => Promise<T>): Promise<T> {
  return tracer.startActiveSpan(`job ${name}`, { attributes: { 'varg.job': name } }, async (span) => {
    try {
      return await round();
    } catch (error) {
      span.recordException(error as Error);
      span.setStatus({ code: SpanStatusCode.ERROR });
      throw error;
    } finally {
      span.end();
    }
  });
}

/** Attributes the HTTP instrumentation records that may name a person: addresses, and the URL with its query. */
const ADDRESS_ATTRIBUTES = [
  'client.address',
  'network.peer.address',
  'net.peer.ip',
  'net.sock.peer.addr',
  'http.client_ip',
];
const URL_ATTRIBUTES = ['url.full', 'http.url', 'http.target'];
const QUERY_ATTRIBUTES = ['url.query'];

/**
 * Names each request's server span by its route (`GET /v1/cart/{id}`) and tags it with the request id that the logs
 * and error answers carry, so a log line leads to its trace. What the HTTP instrumentation recorded is redacted as the
 * logs are (decision 064): addresses cut to their network, private query values hidden, and a whistleblower's
 * request keeps neither its network nor its URL (only its route).
 */
export function traceRequests(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    const span = trace.getActiveSpan();
    if (!span) return;
    const route = request.routeOptions.url;
    span.setAttribute('varg.request_id', request.id);
    if (route) {
      span.setAttribute('http.route', route);
      span.updateName(`${request.method} ${route}`);
    }
    const recorded = (span as { attributes?: Record<string, unknown> }).attributes ?? {};
    const hidden = isPrivateRequest(request as FastifyRequest);
    for (const key of ADDRESS_ATTRIBUTES)
      if (typeof recorded[key] === 'string')
        span.setAttribute(key, hidden ? '[redacted]' : (networkOf(recorded[key]) ?? '[redacted]'));
    for (const key of URL_ATTRIBUTES)
      if (typeof recorded[key] === 'string')
        span.setAttribute(key, hidden ? (route ?? '[redacted]') : redactUrl(recorded[key]));
    if (typeof recorded['url.path'] === 'string' && hidden) span.setAttribute('url.path', route ?? '[redacted]');
    for (const key of QUERY_ATTRIBUTES)
      if (typeof recorded[key] === 'string')
        span.setAttribute(
          key,
          hidden ? '[redacted]' : (loggedUrl(`?${recorded[key].replace(/^\?/, '')}`) ?? '').slice(1),
        );
  });
}

/** A URL (absolute or a path) with its private query values redacted, as the logs have it. */
function redactUrl(url: string): string {
  const origin = /^[a-z]+:\/\/[^/]+/i.exec(url)?.[0] ?? '';
  return `${origin}${loggedUrl(url.slice(origin.length)) ?? ''}`;
}
