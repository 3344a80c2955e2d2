import { Banner, BannerInput, ErrorEnvelope, listQuery, pageOf, VisibleBanner } from '@varg/contracts';
import { siteBanners } from '@varg/db';
import { UI_LANGUAGES } from '@varg/domain';
import { and, eq, gt, ilike, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { containsPattern, orderOf, windowOf } from '../../lib/admin-list.ts';
import type { Guards } from '../identity/auth.ts';
import { bannerOf, type ContentService } from './service.ts';

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope };
const BannerId = z.object({ id: z.uuid().meta({ description: 'A banner id (UUID)' }) });
const BannerQuery = listQuery(['startsAt', 'endsAt', 'updatedAt']).extend({
  state: z.enum(['scheduled', 'live', 'ended', 'paused']).optional(),
  country: z
    .string()
    .regex(/^[A-Z]{2}$/)
    .optional()
    .meta({ description: 'Banners shown in this market (those for every market included)' }),
});
const actorOf = (request: FastifyRequest) => ({
  userId: (request.auth as NonNullable<FastifyRequest['auth']>).userId,
  ip: request.ip,
});
const ADMIN =
  'Administrators only (others 403 FORBIDDEN); every change is in the banner’s audit trail (entity `alert`).';

/** Site banners (decision 045): the storefront's read and the back office's writes. */
export const contentRoutes: FastifyPluginAsyncZod<{ content: ContentService; guards: Guards }> = async (
  app,
  { content, guards },
) => {
  const admin = { preHandler: guards.requireRole('admin') };

  app.get(
    '/banners',
    {
      schema: {
        tags: ['content'],
        summary: 'The site banners a visitor of a market and language sees now',
        description: `Active banners between their start and end whose markets and languages include the visitor's (an empty list means all), newest first, at most three, with the text in \`lang\` (the English text where the banner has none). Public; cached for a minute.`,
        querystring: z.object({
          country: z.string().regex(/^[A-Z]{2}$/),
          lang: z.enum(UI_LANGUAGES),
        }),
        response: { 200: z.object({ docs: z.array(VisibleBanner) }), 400: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      return { docs: await content.visible(request.query.country, request.query.lang) };
    },
  );

  app.get(
    '/admin/banners',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Site banners, one page',
        description: `\`q\` searches the texts; \`state\` filters by what the banner does now; \`country\` by market. ${ADMIN}`,
        querystring: BannerQuery,
        response: { 200: pageOf(Banner), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const { q, state, country } = request.query;
      const now = new Date();
      const conditions: (SQL | undefined)[] = [
        q ? ilike(sql`${siteBanners.texts}::text`, containsPattern(q)) : undefined,
        country
          ? sql`(cardinality(${siteBanners.countries}) = 0 or ${country} = any(${siteBanners.countries}))`
          : undefined,
        state === 'paused' ? eq(siteBanners.active, false) : undefined,
        state === 'scheduled' ? and(eq(siteBanners.active, true), gt(siteBanners.startsAt, now)) : undefined,
        state === 'ended'
          ? and(eq(siteBanners.active, true), isNotNull(siteBanners.endsAt), lte(siteBanners.endsAt, now))
          : undefined,
        state === 'live'
          ? and(
              eq(siteBanners.active, true),
              lte(siteBanners.startsAt, now),
              or(isNull(siteBanners.endsAt), gt(siteBanners.endsAt, now)),
            )
          : undefined,
      ];
      const { rows, total } = await content.list({
        where: and(...conditions),
        order: orderOf(
          { startsAt: siteBanners.startsAt, endsAt: siteBanners.endsAt, updatedAt: siteBanners.updatedAt },
          request.query,
          'startsAt',
          siteBanners.id,
        ),
        ...windowOf(request.query),
      });
      return {
        docs: rows.map((row) => bannerOf(row, now)),
        total,
        page: request.query.page,
        pageSize: request.query.pageSize,
      };
    },
  );

  app.get(
    '/admin/banners/:id',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'One site banner',
        description: `Unknown id: 404 BANNER_NOT_FOUND. ${ADMIN}`,
        params: BannerId,
        response: { 200: Banner, ...errors },
      },
    },
    async (request) => content.get(request.params.id),
  );

  app.post(
    '/admin/banners',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Create a site banner',
        description: `The end must be after the start (400 BANNER_SCHEDULE); the English text is required; a link is an app path or an https address. Visitors of this process see it at once, other processes within 30 seconds (and pages from the page cache when they expire). ${ADMIN}`,
        body: BannerInput,
        response: { 201: Banner, ...errors },
      },
    },
    async (request, reply) => reply.code(201).send(await content.create(request.body, actorOf(request))),
  );

  app.put(
    '/admin/banners/:id',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Replace a site banner (edit, pause or resume it)',
        description: `As create; unknown id: 404 BANNER_NOT_FOUND. The audit trail keeps the changed fields before and after. ${ADMIN}`,
        params: BannerId,
        body: BannerInput,
        response: { 200: Banner, ...errors },
      },
    },
    async (request) => content.replace(request.params.id, request.body, actorOf(request)),
  );

  app.delete(
    '/admin/banners/:id',
    {
      ...admin,
      schema: {
        tags: ['admin'],
        summary: 'Delete a site banner',
        description: `The audit trail keeps what it said. Unknown id: 404 BANNER_NOT_FOUND. ${ADMIN}`,
        params: BannerId,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await content.remove(request.params.id, actorOf(request));
      return reply.code(204).send(null);
    },
  );
};
