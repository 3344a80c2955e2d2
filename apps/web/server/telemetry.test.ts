import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emptyPostgresDatabase } from '../../api/test/helper.ts';

// Decision 064: with OTEL_EXPORTER_OTLP_ENDPOINT set, the process sends its traces to that collector over OTLP/HTTP.
// A real collector's receiving end stands in (it takes the JSON the exporter posts to /v1/traces); the API runs in a
// child process with the telemetry preloaded exactly as `npm run serve` does.

interface Span {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  attributes: Record<string, string | number | boolean>;
}

type OtlpValue = { stringValue?: string; intValue?: string | number; boolValue?: boolean };
interface OtlpExport {
  resourceSpans?: {
    resource?: { attributes?: { key: string; value: OtlpValue }[] };
    scopeSpans?: { spans?: (Omit<Span, 'attributes'> & { attributes?: { key: string; value: OtlpValue }[] })[] }[];
  }[];
}

const plainValue = (v: OtlpValue) =>
  v.stringValue ?? (v.intValue !== undefined ? Number(v.intValue) : (v.boolValue ?? ''));
const attributesOf = (list: { key: string; value: OtlpValue }[] = []) =>
  Object.fromEntries(list.map(({ key, value }) => [key, plainValue(value)]));

const dir = import.meta.dirname;
const base = process.env.TEST_DATABASE_URL;
const redis = process.env.TEST_REDIS_URL;
const spans: Span[] = [];
const services = new Set<string>();
let collector: Server;
let app: ChildProcess;
let port = 0;
let dropDatabase = async () => {};

beforeAll(async () => {
  collector = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        const sent = JSON.parse(body) as OtlpExport;
        for (const resource of sent.resourceSpans ?? []) {
          services.add(String(attributesOf(resource.resource?.attributes)['service.name']));
          for (const scope of resource.scopeSpans ?? [])
            for (const span of scope.spans ?? []) spans.push({ ...span, attributes: attributesOf(span.attributes) });
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  collector.listen(0, '127.0.0.1');
  await once(collector, 'listening');
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${(collector.address() as AddressInfo).port}`,
    OTEL_SERVICE_NAME: 'varg-test',
    OTEL_BSP_SCHEDULE_DELAY: '100',
  };
  if (base) {
    const empty = await emptyPostgresDatabase(base);
    env.PROBE_DATABASE_URL = empty.url;
    dropDatabase = empty.drop;
  }
  if (redis) env.PROBE_REDIS_URL = redis;
  app = spawn(process.execPath, ['--import', join(dir, 'telemetry.ts'), join(dir, 'telemetry.fixture.ts')], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const started = once(createInterface({ input: app.stdout as NodeJS.ReadableStream }), 'line') as Promise<[string]>;
  const died = once(app, 'exit').then(([code]) => {
    throw new Error(`the API process exited (${code}) before it listened`);
  });
  const [line] = await Promise.race([started, died]);
  port = (JSON.parse(line) as { port: number }).port;
}, 120_000);

afterAll(async () => {
  if (app.exitCode === null) app.kill('SIGKILL');
  collector.close();
  await dropDatabase();
});

describe('OpenTelemetry traces', () => {
  it('a request is a span named by its route with the logs’ request id, redacted as the logs are; probes are not; jobs are spans; the last spans are sent at shutdown', async () => {
    const answer = await fetch(
      `http://127.0.0.1:${port}/v1/product/no-such-model/components?email=someone%40example.com&market=DE`,
      { headers: { 'x-request-id': 'trace-test-1' } },
    );
    expect(answer.headers.get('x-request-id')).toBe('trace-test-1');
    expect((await fetch(`http://127.0.0.1:${port}/health`)).status).toBe(200);
    // A few rounds of the e-mail job (every 100 ms).
    await new Promise((resolve) => setTimeout(resolve, 400));
    app.kill('SIGTERM');
    const [code] = await once(app, 'exit');
    expect(code).toBe(0);

    expect(services).toEqual(new Set(['varg-test']));
    const request = spans.find((s) => s.attributes['varg.request_id'] === 'trace-test-1');
    expect(request?.name).toBe('GET /v1/product/:productId/components');
    expect(request?.attributes['http.route']).toBe('/v1/product/:productId/components');
    const recorded = JSON.stringify(request?.attributes);
    expect(recorded).not.toContain('someone');
    expect(recorded).toContain('[redacted]');
    expect(recorded).toContain('market=DE');
    // The caller's address is cut to its network, as in the logs.
    expect(request?.attributes['client.address']).toBe('127.0.0.0');
    expect(request?.attributes['network.peer.address']).toBe('127.0.0.0');
    expect(
      spans.some((s) => String(s.attributes['url.path'] ?? s.attributes['http.target']).startsWith('/health')),
    ).toBe(false);
    const jobs = spans.filter((s) => s.name === 'job e-mail delivery');
    expect(jobs.length).toBeGreaterThan(0);
    if (base) {
      // On PostgreSQL the request's and the job's queries are their child spans (the statement, never its values).
      const queries = spans.filter(
        (s) => s.attributes['db.system'] === 'postgresql' || s.attributes['db.system.name'] === 'postgresql',
      );
      const parents = new Set(queries.map((q) => q.parentSpanId));
      expect(queries.length).toBeGreaterThan(0);
      expect(jobs.some((job) => parents.has(job.spanId))).toBe(true);
      expect(JSON.stringify(queries)).not.toContain('someone');
    }
    if (redis) {
      // With Redis, the request's rate-limit counter is a Redis command in its trace.
      const commands = spans.filter(
        (s) => s.attributes['db.system'] === 'redis' || s.attributes['db.system.name'] === 'redis',
      );
      expect(commands.some((c) => c.traceId === request?.traceId)).toBe(true);
    }
  }, 60_000);
});
