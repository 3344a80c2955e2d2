import { ErrorEnvelope, LEGAL_KINDS, LegalDocumentView, LegalPublish } from '@varg/contracts';
import { UI_LANGUAGES } from '@varg/domain';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Guards } from '../identity/auth.ts';
import type { LegalService } from './service.ts';

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope };
const ADMIN =
  'Administrators only (others 403 FORBIDDEN). Publishing never changes a published version: orders keep naming the terms their buyers accepted.';

/** Legal documents (decision 047): terms of sale, privacy and cookie policies, imprint. */
export const legalRoutes: FastifyPluginAsyncZod<{ legal: LegalService; guards: Guards }> = async (
  app,
  { legal, guards },
) => {
  const admin = { preHandler: guards.requireRole('admin') };

  app.get(
    '/legal/:kind',
    {
      schema: {
        tags: ['content'],
        summary: 'The legal document a visitor of a market reads',
        description:
          "The newest version of the market's own text in the visitor's language, else the default for every market (`*`) in that language, else the same in English (`lang` in the answer says which). Public; cached for five minutes.",
        params: z.object({ kind: z.enum(LEGAL_KINDS) }),
        querystring: z.object({ country: z.string().regex(/^[A-Z]{2}$/), lang: z.enum(UI_LANGUAGES) }),
        response: { 200: LegalDocumentView, 400: ErrorEnvelope, 404: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return legal.document(request.params.kind, request.query.country, request.query.lang);
    },
  );

  app.get(
    '/admin/legal',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'The newest version of every legal document',
        description: ADMIN,
        response: { 200: z.object({ docs: z.array(LegalDocumentView) }), ...errors },
      },
    },
    async () => ({ docs: await legal.current() }),
  );

  app.get(
    '/admin/legal/:id',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'One version of a legal document, with every version of that document',
        description: `Unknown id: 404 LEGAL_DOCUMENT_NOT_FOUND. ${ADMIN}`,
        params: z.object({ id: z.uuid() }),
        response: {
          200: z.object({ document: LegalDocumentView, versions: z.array(LegalDocumentView) }),
          ...errors,
        },
      },
    },
    async (request) => legal.version(request.params.id),
  );

  app.post(
    '/admin/legal',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Publish a new version of a legal document',
        description: `Writes the next version of the document for that kind, market (\`*\`: every market without its own) and language; visitors of this process read it at once, others within five minutes. Audited (entity \`legal\`, id \`kind/country/lang\`). ${ADMIN}`,
        body: LegalPublish,
        response: { 201: LegalDocumentView, ...errors },
      },
    },
    async (request, reply) => {
      const auth = request.auth as NonNullable<FastifyRequest['auth']>;
      return reply.code(201).send(await legal.publish(request.body, { userId: auth.userId, ip: request.ip }));
    },
  );
};
