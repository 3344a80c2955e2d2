import multipart from '@fastify/multipart';
import { DISTANCE_UNITS } from '@varg/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Guards } from '../identity/auth.ts';
import { contactRoutes } from './routes-contact.ts';
import { Country, errors } from './routes-shared.ts';
import { teamRoutes } from './routes-team.ts';
import { CV_MAX_BYTES, type EngagementService } from './service.ts';

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
    'form_invalid', // south,west,north,east in degrees
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
  .refine(
    (v) => (v.lat === undefined) === (v.lng === undefined),
    { message: 'form_invalid' } /* lat and lng go together */,
  )
  .refine((v) => [v.lat !== undefined, v.bbox !== undefined, v.q !== undefined].filter(Boolean).length <= 1, {
    message: 'form_invalid', // one of lat/lng, bbox or q
  });
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

  await app.register(teamRoutes, { engagement, guards });
  await app.register(contactRoutes, { engagement });
};
