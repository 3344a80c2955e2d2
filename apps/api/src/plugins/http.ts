import Fastify, { type FastifyRequest, type FastifyServerOptions, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { ApiConfig } from '../config.ts';
import { registerDocs } from './docs.ts';
import { registerErrorHandling } from './errors.ts';
import { loggerOptions, registerRequestIds, requestIdOf } from './logging.ts';
import { refuseMalformedText } from './malformed-text.ts';
import { registerOpsAccess } from './ops-access.ts';
import { isPrivateRequest, registerPrivacy } from './privacy.ts';
import { registerSecurity } from './security.ts';
import { traceRequests } from './tracing.ts';

/**
 * The shared HTTP layer every module's routes run in (DESIGN.md section 4): zod schemas, the error envelope, the
 * private routes' logging, who reads `/metrics` and `/docs`, security headers, limits, metrics and the document.
 */
export async function httpLayer(config: ApiConfig, logger?: FastifyServerOptions['logger']) {
  const app = Fastify({
    logger: loggerOptions(config.logLevel, logger),
    // The caller's `x-request-id` (a proxy's) or a new id: in every log line, answer header and error body.
    genReqId: requestIdOf,
    // Addresses/CIDRs or `true` (demo); the config refuses a hop count, which Fastify 5.12 treats as trusting nobody.
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // A whistleblower's requests leave no address in the request log (decisions 023, 029): decided by the route
    // (its `privacy` config) and, for the web's pages, by the page the URL is — never by a path pattern.
    logController: new LogController({
      disableRequestLogging: (request) => isPrivateRequest(request as FastifyRequest),
    }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerRequestIds(app);
  traceRequests(app);
  registerErrorHandling(app);
  registerPrivacy(app);
  // `/metrics` and `/docs`: everyone in the demo; in production a token, an internal port or an explicit opt-in.
  registerOpsAccess(app, {
    public: config.demo || (config.ops?.public ?? false),
    token: config.ops?.token,
    internal: config.ops?.internal,
  });
  // Text no database takes (NUL characters, lone surrogates) is a 400 before any route (decision 031).
  refuseMalformedText(app);
  await registerSecurity(app, config);
  await registerDocs(app);
  return app;
}
