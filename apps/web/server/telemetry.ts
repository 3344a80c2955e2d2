import { register } from 'node:module';
import type { NodeSDK } from '@opentelemetry/sdk-node';

// OpenTelemetry traces (issue 23 item 5, decision 064). Preloaded by `npm run serve` (`node --import`), before any
// module it patches is loaded: when OTEL_EXPORTER_OTLP_ENDPOINT (or …_TRACES_ENDPOINT) is set, every request in and
// out (HTTP, fetch), every PostgreSQL query and Redis command, and every scheduled job's round is a span sent over
// OTLP/HTTP to that collector. Without it nothing is loaded and the app's own spans (`@opentelemetry/api`) are no-ops.
// The standard OTEL_* variables (service name, headers, sampler) are read by the SDK itself.

let sdk: NodeSDK | undefined;

/** Whether this environment asks for traces. */
export function tracingWanted(env: NodeJS.ProcessEnv): boolean {
  return (
    env.OTEL_SDK_DISABLED !== 'true' &&
    Boolean(env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT)
  );
}

/** Paths nobody wants a trace of: probes, metrics and the hashed build files. */
const UNTRACED = /^\/(health|ready|metrics)(\?|$)|^\/assets\//;

if (tracingWanted(process.env)) {
  // ES modules are patched through this loader hook (import-in-the-middle); it must be in place before they load.
  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url);
  const [{ NodeSDK }, { OTLPTraceExporter }, { HttpInstrumentation }, { UndiciInstrumentation }, pg, redis] =
    await Promise.all([
      import('@opentelemetry/sdk-node'),
      import('@opentelemetry/exporter-trace-otlp-http'),
      import('@opentelemetry/instrumentation-http'),
      import('@opentelemetry/instrumentation-undici'),
      import('@opentelemetry/instrumentation-pg'),
      import('@opentelemetry/instrumentation-ioredis'),
    ]);
  sdk = new NodeSDK({
    serviceName: process.env.OTEL_SERVICE_NAME || 'varg-storefront',
    traceExporter: new OTLPTraceExporter(),
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (request) => UNTRACED.test(request.url ?? '') }),
      new UndiciInstrumentation(),
      // Statements are recorded without their values (the instrumentation's default): no personal data leaves.
      new pg.PgInstrumentation({ requireParentSpan: true }),
      new redis.IORedisInstrumentation({ requireParentSpan: true }),
    ],
  });
  sdk.start();
}

/** Sends the spans still buffered and stops tracing; called by the entry's graceful shutdown. */
export async function shutdownTelemetry(): Promise<void> {
  await sdk?.shutdown();
}
