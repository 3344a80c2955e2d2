import {
  WhistleCase,
  WhistleCaseQuery,
  WhistleCaseSummary,
  WhistleCredentials,
  WhistleMessageBody,
  WhistleReceipt,
  WhistleReportBody,
  WhistleReporterCase,
  WhistleStatusBody,
} from '@varg/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses, PRIVATE } from '../../lib/route-responses.ts';
import type { Guards } from '../identity/auth.ts';
import type { WhistleCipher } from './crypto.ts';
import type { ComplianceCaller, WhistleService } from './service.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 429);

const ANONYMOUS =
  'Anonymous: no account is needed and none is linked (a Bearer token is ignored). The reporter’s address is neither logged nor stored; the rate limit counts a keyed hash of it, in memory (or Redis with REDIS_URL).';
const GENERIC =
  'A wrong code, a wrong secret, an unknown case and a case locked after 5 wrong secrets in a row (for 15 minutes) all answer the same 404 WHISTLE_CASE_INVALID, in about the same time.';

/** The reporter's side (mounted on /v2). */
export const whistleReporterRoutes: FastifyPluginAsyncZod<{ whistle: WhistleService; cipher: WhistleCipher }> = async (
  app,
  { whistle, cipher },
) => {
  // Every reporter's route is private (decisions 023, 029): no request log, no audit row, no address anywhere. The
  // flag is on the route, so whatever URL reaches it (case, trailing slash, encoding) is covered.
  app.addHook('onRoute', (route) => {
    route.config = { ...(route.config ?? {}), privacy: true };
  });
  const limit = (max: number, timeWindow: string) => ({
    rateLimit: { max, timeWindow, keyGenerator: (request: FastifyRequest) => cipher.addressKey(request.ip) },
  });

  app.post(
    '/whistleblowing/reports',
    {
      config: limit(5, '1 hour'),
      schema: {
        tags: ['whistleblowing'],
        summary: 'Send a whistleblowing report',
        description: `${ANONYMOUS} The description, the optional details and contact are stored encrypted (AES-256-GCM). The answer holds the case code and the secret, shown this once: only an argon2id hash of the secret is kept. The captcha (\`captcha\`, action \`whistleblowing\`) gives 400 CAPTCHA_FAILED; 5 reports an hour per address.`,
        body: WhistleReportBody,
        response: { 201: WhistleReceipt, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return reply.code(201).send(await whistle.report(request.body));
    },
  );

  app.post(
    '/whistleblowing/case',
    {
      config: limit(10, '15 minutes'),
      schema: {
        tags: ['whistleblowing'],
        summary: 'Read a case with its code and secret (the secret in the body, never in a URL)',
        description: `The report, its status and the thread with the compliance team. ${GENERIC} 10 tries per 15 minutes per address. ${ANONYMOUS}`,
        body: WhistleCredentials,
        response: { 200: WhistleReporterCase, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return whistle.read(request.body);
    },
  );

  app.post(
    '/whistleblowing/case/messages',
    {
      config: limit(10, '15 minutes'),
      schema: {
        tags: ['whistleblowing'],
        summary: 'Add a message to a case, as its reporter',
        description: `Stored encrypted. A closed case is read-only (409 WHISTLE_CASE_CLOSED). ${GENERIC} ${ANONYMOUS}`,
        body: WhistleCredentials.extend(WhistleMessageBody.shape),
        response: { 201: WhistleReporterCase, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      const { body, ...credentials } = request.body;
      return reply.code(201).send(await whistle.reporterMessage(credentials, body));
    },
  );
};

const ONLY =
  'The compliance role only, held by the person themselves: everyone else — customers, dealers, administrators, an administrator acting as a compliance officer — gets 403 FORBIDDEN.';

/** The compliance team's side (mounted on /v2). */
export const whistleComplianceRoutes: FastifyPluginAsyncZod<{ whistle: WhistleService; guards: Guards }> = async (
  app,
  { whistle, guards },
) => {
  const compliance = { preHandler: guards.requireRole('compliance') };
  const caller = (request: FastifyRequest): ComplianceCaller => {
    const auth = request.auth as NonNullable<FastifyRequest['auth']>;
    return { userId: auth.userId, roles: auth.roles, impersonatorId: auth.impersonatorId };
  };
  const params = z.object({ id: z.uuid().meta({ description: 'A case id (UUID)' }) });

  app.get(
    '/compliance/whistleblowing/cases',
    {
      ...compliance,
      schema: {
        tags: ['whistleblowing'],
        summary: 'Every case, newest first, with its deadlines',
        description: `Acknowledgement is due 7 days after receipt, feedback 3 months after that (directive 2019/1937, article 9); \`acknowledgementOverdue\` and \`feedbackOverdue\` say when they were missed. ${ONLY}`,
        querystring: WhistleCaseQuery,
        response: { 200: z.object({ docs: z.array(WhistleCaseSummary) }), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return { docs: await whistle.list(caller(request), request.query.status) };
    },
  );

  app.get(
    '/compliance/whistleblowing/cases/:id',
    {
      ...compliance,
      schema: {
        tags: ['whistleblowing'],
        summary: 'A case with its decrypted report, contact (when given) and thread',
        description: `404 WHISTLE_CASE_NOT_FOUND for an unknown id. ${ONLY}`,
        params,
        response: { 200: WhistleCase, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return whistle.get(caller(request), request.params.id);
    },
  );

  app.post(
    '/compliance/whistleblowing/cases/:id/messages',
    {
      ...compliance,
      schema: {
        tags: ['whistleblowing'],
        summary: 'Answer the reporter',
        description: `The reporter reads it with the code and the secret. Answering a case that is still \`received\` acknowledges it. A closed case takes no answer (409 WHISTLE_CASE_CLOSED). ${ONLY}`,
        params,
        body: WhistleMessageBody,
        response: { 201: WhistleCase, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await whistle.reply(caller(request), request.params.id, request.body.body)),
  );

  app.put(
    '/compliance/whistleblowing/cases/:id/status',
    {
      ...compliance,
      schema: {
        tags: ['whistleblowing'],
        summary: 'Change a case’s status',
        description: `Leaving \`received\` records the acknowledgement (when and by whom); \`closed\` records when. No case goes back to \`received\`, and the same status again is refused (409 WHISTLE_STATUS_CHANGE). ${ONLY}`,
        params,
        body: WhistleStatusBody,
        response: { 200: WhistleCase, ...errors },
      },
    },
    async (request) => whistle.setStatus(caller(request), request.params.id, request.body.status),
  );
};
