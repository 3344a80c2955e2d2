// Engagement routes (decision 022): open positions, applications with a CV, and the administrators' view of them.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../lib/api-error.ts';
import { requestLanguage } from '../../lib/request-language.ts';
import { malformedAt } from '../../plugins/malformed-text.ts';
import type { Guards } from '../identity/auth.ts';
import { Captcha, Email, errors, LocaleQuery } from './routes-shared.ts';
import type { EngagementService } from './service.ts';

const ApplicationFields = z.object({
  positionId: z.string().min(1).max(48),
  name: z.string().trim().min(1).max(120),
  email: Email,
  phone: z.string().trim().max(32).default(''),
  message: z.string().trim().max(3000).default(''),
  captcha: Captcha,
  returnTo: z
    .string()
    .regex(/^\/(?!\/)[A-Za-z0-9/_-]*$/)
    .max(200)
    .optional(),
});
const Application = z.object({
  _id: z.string(),
  position: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  message: z.string(),
  lang: z.string(),
  cv: z.object({ name: z.string(), type: z.string(), size: z.number().int() }),
  createdAt: z.string(),
});
/** A plain form post (no JavaScript) wants a page back, not JSON. */
const wantsPage = (request: FastifyRequest) => {
  const accept = String(request.headers.accept ?? '');
  return accept.includes('text/html') && !accept.includes('application/json');
};

export const teamRoutes: FastifyPluginAsyncZod<{ engagement: EngagementService; guards: Guards }> = async (
  app,
  { engagement, guards },
) => {
  const admin = { preHandler: guards.requireRole('admin') };

  app.get(
    '/team/positions',
    {
      schema: {
        tags: ['engagement'],
        summary: 'Open positions, in the request’s language',
        querystring: LocaleQuery,
        response: {
          200: z.object({
            docs: z.array(z.object({ id: z.string(), title: z.string(), text: z.string(), location: z.string() })),
          }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { docs: await engagement.positions(requestLanguage(request)) };
    },
  );

  app.post(
    '/team/cv',
    {
      config: { rateLimit: { max: 10, timeWindow: '10 minutes' } },
      schema: {
        tags: ['engagement'],
        summary: 'Apply to an open position with a CV (multipart/form-data)',
        description:
          'Fields `positionId`, `name`, `email`, `phone`, `message`, `captcha` and one file `cv`: PDF or DOCX by its content (not its name or declared type; the old binary .doc is refused), at most 10 MB. An empty or missing file is a 400 CV_FILE_MISSING, a larger one a 413 CV_FILE_TOO_LARGE, another kind a 415 CV_FILE_TYPE; an unknown position a 404 JOB_POSITION_NOT_FOUND. A plain form post (Accept: text/html) with `returnTo` (an app path) is answered with a 303 to `returnTo?applied=1` or `returnTo?error=CODE`. At most 10 per 10 minutes from one address (429).',
        consumes: ['multipart/form-data'],
        response: { 201: z.object({ _id: z.string() }), 303: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const fields: Record<string, string> = {};
      let file: { body: Buffer; filename: string } | null = null;
      const page = wantsPage(request);
      const finish = (error: ApiError | null, id?: string) => {
        const back = ApplicationFields.shape.returnTo.safeParse(fields.returnTo);
        if (page && back.success && back.data) {
          return reply
            .code(303)
            .header('location', `${back.data}?${error ? `error=${error.code}` : 'applied=1'}`)
            .send(null);
        }
        if (error) throw error;
        return reply.code(201).send({ _id: id as string });
      };
      try {
        if (!request.isMultipart()) throw new ApiError('CV_FILE_MISSING');
        for await (const part of request.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'cv' || file) {
              await part.toBuffer();
              continue;
            }
            file = { body: await part.toBuffer(), filename: part.filename ?? '' };
          } else if (typeof part.value === 'string') {
            fields[part.fieldname] = part.value;
          }
        }
      } catch (error) {
        const e =
          error instanceof ApiError
            ? error
            : (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE'
              ? new ApiError('CV_FILE_TOO_LARGE')
              : (error as { statusCode?: number }).statusCode === 413
                ? new ApiError('CV_FILE_TOO_LARGE')
                : new ApiError('BAD_REQUEST');
        return finish(e);
      }
      const parsed = ApplicationFields.safeParse(fields);
      // The multipart fields are read here, after the API's refusal of malformed text (plugins/malformed-text.ts).
      if (!parsed.success || malformedAt(fields, 'body')) {
        if (page) return finish(new ApiError('VALIDATION_ERROR'));
        throw new ApiError('VALIDATION_ERROR');
      }
      try {
        const { returnTo: _, ...input } = parsed.data;
        const result = await engagement.apply(input, file, { lang: requestLanguage(request), ip: request.ip });
        return finish(null, result._id);
      } catch (error) {
        if (error instanceof ApiError) return finish(error);
        throw error;
      }
    },
  );

  app.get(
    '/admin/applications',
    {
      ...admin,
      schema: {
        tags: ['engagement'],
        summary: 'Job applications, newest first (administrators only; others 403)',
        querystring: z.object({
          page: z.coerce.number().int().min(1).max(10_000).default(1),
          limit: z.coerce.number().int().min(1).max(100).default(20),
        }),
        response: {
          200: z.object({ docs: z.array(Application), total: z.number(), page: z.number(), limit: z.number() }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return engagement.applications(request.query.page, request.query.limit, requestLanguage(request));
    },
  );

  app.get(
    '/admin/applications/:id/cv-link',
    {
      ...admin,
      schema: {
        tags: ['engagement'],
        summary: 'A signed link to an application’s CV, valid a few minutes (administrators only; others 403)',
        params: z.object({ id: z.uuid() }),
        response: { 200: z.object({ url: z.string(), expiresAt: z.string() }), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return engagement.cvLink(request.params.id);
    },
  );

  const sendFile = (reply: FastifyReply, file: { body: Buffer; type: string; name: string }) =>
    reply
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`)
      .type(file.type)
      .send(file.body);

  app.get(
    '/admin/applications/:id/cv',
    {
      ...admin,
      schema: {
        tags: ['engagement'],
        summary: 'An application’s CV, as an attachment (administrators only; others 403)',
        params: z.object({ id: z.uuid() }),
      },
    },
    async (request, reply) => sendFile(reply, await engagement.cvFile(request.params.id, null)),
  );

  app.get(
    '/team/cv/:id/file',
    {
      schema: {
        tags: ['engagement'],
        summary: 'An application’s CV by a signed link from `admin/applications/{id}/cv-link`',
        description: 'A wrong or expired token is a 403 FORBIDDEN.',
        params: z.object({ id: z.uuid() }),
        querystring: z.object({ token: z.string().min(1).max(200) }),
      },
    },
    async (request, reply) => sendFile(reply, await engagement.cvFile(request.params.id, request.query.token)),
  );
};
