import multipart from '@fastify/multipart';
import { ErrorEnvelope } from '@varg/contracts';
import { DISTANCE_UNITS } from '@varg/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../lib/api-error.ts';
import { requestLanguage } from '../../lib/request-language.ts';
import { malformedAt } from '../../plugins/malformed-text.ts';
import type { Guards } from '../identity/auth.ts';
import { CONTACT_TOPICS, CV_MAX_BYTES, type EngagementService } from './service.ts';

const errors = {
  400: ErrorEnvelope,
  401: ErrorEnvelope,
  403: ErrorEnvelope,
  404: ErrorEnvelope,
  413: ErrorEnvelope,
  415: ErrorEnvelope,
  429: ErrorEnvelope,
};
const Country = z
  .string()
  .regex(/^[A-Za-z]{2}$/)
  .transform((c) => c.toUpperCase());
const LocaleQuery = z.object({ country: Country.optional(), lang: z.string().max(8).optional() });
const Store = z.object({
  _id: z.string(),
  name: z.string(),
  address: z.string(),
  phone: z.string(),
  email: z.string(),
  country: z.string(),
  location: z.object({ lat: z.number(), lng: z.number() }),
  openingHours: z
    .array(z.tuple([z.string(), z.string()]).nullable())
    .meta({ description: 'Monday first: [opens, closes] in local time, or null when closed' }),
  distance: z.object({ value: z.number(), unit: z.enum(DISTANCE_UNITS) }).nullable(),
});
const Bbox = z
  .string()
  .regex(/^-?[\d.]+,-?[\d.]+,-?[\d.]+,-?[\d.]+$/)
  .transform((s) => s.split(',').map(Number) as [number, number, number, number])
  .refine(
    ([south, west, north, east]) =>
      south >= -90 && north <= 90 && south <= north && west >= -180 && west <= 180 && east >= -180 && east <= 180,
    'bbox is south,west,north,east in degrees',
  );
const StoresQuery = z
  .object({
    country: Country,
    lat: z.coerce.number().min(-90).max(90).optional(),
    lng: z.coerce.number().min(-180).max(180).optional(),
    radius: z.coerce.number().int().min(1).max(2000).default(300).meta({ description: 'km around the centre' }),
    bbox: Bbox.optional().meta({ description: 'south,west,north,east' }),
    q: z.string().trim().min(1).max(80).optional().meta({ description: 'a place or postal code' }),
  })
  .refine((v) => (v.lat === undefined) === (v.lng === undefined), { message: 'lat and lng go together' })
  .refine((v) => [v.lat !== undefined, v.bbox !== undefined, v.q !== undefined].filter(Boolean).length <= 1, {
    message: 'one of lat/lng, bbox or q',
  });
const Email = z.email().max(254);
const Captcha = z.string().max(4000).optional().meta({ description: 'reCAPTCHA token, when the captcha is on' });
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
const Token = z.string().min(16).max(100);

const country = (request: FastifyRequest & { query: unknown }) =>
  ((request.query as { country?: string }).country ?? 'US').toUpperCase();

/** A plain form post (no JavaScript) wants a page back, not JSON. */
const wantsPage = (request: FastifyRequest) => {
  const accept = String(request.headers.accept ?? '');
  return accept.includes('text/html') && !accept.includes('application/json');
};

/**
 * Store finder, team (POST team/cv), contact and newsletter (spec sections 1, 2 and 7; decision 022). The anonymous
 * forms are limited per address and pass the captcha.
 */
export const engagementRoutes: FastifyPluginAsyncZod<{ engagement: EngagementService; guards: Guards }> = async (
  app,
  { engagement, guards },
) => {
  await app.register(multipart, {
    limits: { fileSize: CV_MAX_BYTES, files: 1, fields: 12, fieldSize: 16_000, parts: 14 },
  });
  // One-click unsubscribe: mail clients POST `List-Unsubscribe=One-Click` as a form (RFC 8058).
  if (!app.hasContentTypeParser('application/x-www-form-urlencoded')) {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 2048 },
      (_r, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
  }
  const admin = { preHandler: guards.requireRole('admin') };

  app.get(
    '/stores',
    {
      schema: {
        tags: ['engagement'],
        summary: 'Stores of approved dealers, for the store finder',
        description:
          'Near a centre (`lat`+`lng`, within `radius` km), inside a box (`bbox=south,west,north,east`), near a searched place or postal code (`q`, placed by the geocoding provider; an unknown place is a 404 STORE_PLACE_NOT_FOUND), or else every store of `country`. Answered from the latitude/longitude index, then filtered by the great-circle distance; nearest first, distances in the country’s unit (km or mi).',
        querystring: StoresQuery,
        response: {
          200: z.object({
            unit: z.enum(DISTANCE_UNITS),
            center: z.object({ lat: z.number(), lng: z.number(), label: z.string().nullable() }).nullable(),
            docs: z.array(Store),
          }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      const q = request.query;
      const query =
        q.lat !== undefined && q.lng !== undefined
          ? ({ kind: 'near', lat: q.lat, lng: q.lng, radiusKm: q.radius } as const)
          : q.bbox
            ? ({ kind: 'box', south: q.bbox[0], west: q.bbox[1], north: q.bbox[2], east: q.bbox[3] } as const)
            : q.q
              ? ({ kind: 'place', q: q.q, radiusKm: q.radius } as const)
              : ({ kind: 'country' } as const);
      return engagement.stores(q.country, query);
    },
  );

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

  app.post(
    '/contact',
    {
      config: { rateLimit: { max: 5, timeWindow: '10 minutes' } },
      schema: {
        tags: ['engagement'],
        summary: 'The contact form',
        description:
          'E-mailed to the team queue of the topic and confirmed to the sender in the request’s language. The captcha (action `contact`) refuses with 400 CAPTCHA_FAILED. At most 5 per 10 minutes from one address (429).',
        querystring: LocaleQuery,
        body: z.object({
          topic: z.enum(CONTACT_TOPICS),
          orderReference: z.string().trim().max(40).default(''),
          name: z.string().trim().min(1).max(120),
          email: Email,
          message: z.string().trim().min(10).max(3000),
          captcha: Captcha,
        }),
        response: { 201: z.object({ _id: z.string() }), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await engagement.contact(request.body, {
          lang: requestLanguage(request),
          country: country(request),
          ip: request.ip,
        }),
      ),
  );

  app.post(
    '/newsletter',
    {
      config: { rateLimit: { max: 5, timeWindow: '10 minutes' } },
      schema: {
        tags: ['engagement'],
        summary: 'Sign up to the newsletter (double opt-in)',
        description:
          'E-mails a confirmation link (in the request’s language) and a link to unsubscribe; the address is subscribed only once the link is followed. The answer is the same for a known address. At most 5 per 10 minutes from one address (429).',
        querystring: LocaleQuery,
        body: z.object({ email: Email, captcha: Captcha }),
        response: { 202: z.object({ ok: z.literal(true) }), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(202).send(
        await engagement.subscribe(request.body, {
          lang: requestLanguage(request),
          country: country(request),
          ip: request.ip,
        }),
      ),
  );

  app.post(
    '/newsletter/confirm',
    {
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        tags: ['engagement'],
        summary: 'Confirm a newsletter subscription with the e-mailed token',
        description: 'An unknown or used token is a 404 NEWSLETTER_LINK_INVALID.',
        body: z.object({ token: Token }),
        response: { 200: z.object({ status: z.literal('confirmed') }), ...errors },
      },
    },
    async (request) => engagement.confirm(request.body.token),
  );

  app.post(
    '/newsletter/unsubscribe',
    {
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        tags: ['engagement'],
        summary: 'One-click unsubscribe (List-Unsubscribe-Post style)',
        description:
          'The token of the e-mailed link, in the query (as mail clients POST `List-Unsubscribe=One-Click` to the link) or the JSON body. An unknown token is a 404 NEWSLETTER_LINK_INVALID.',
        querystring: z.object({ token: Token.optional() }),
        response: { 200: z.object({ status: z.literal('unsubscribed') }), ...errors },
      },
    },
    async (request) => {
      const body = request.body as { token?: unknown } | undefined;
      const value = request.query.token ?? (typeof body?.token === 'string' ? body.token : undefined);
      const parsed = Token.safeParse(value);
      if (!parsed.success) throw new ApiError('VALIDATION_ERROR');
      return engagement.unsubscribe(parsed.data);
    },
  );
};
