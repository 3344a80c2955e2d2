import {
  AdminStockBike,
  AdminStockBikeBody,
  AdminStockBikeListQuery,
  AdminStockBikePage,
  ErrorEnvelope,
  STOCK_BIKE_MAX_PHOTOS,
  StockBikeFormOptions,
  StockBikeIdParams,
  StockBikePhotoOrder,
  StockBikePhotoParams,
  StockBikePhotoUpload,
  StockBikeReservations,
} from '@varg/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod as ZodPlugin } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Guards } from '../identity/auth.ts';
import type { StockActor, StockAdminService } from './stock-admin-service.ts';

const errors = {
  400: ErrorEnvelope,
  401: ErrorEnvelope,
  403: ErrorEnvelope,
  404: ErrorEnvelope,
  409: ErrorEnvelope,
};
const tags = ['admin-stock-bikes'];

/** The signed-in administrator and the request's address, for the audit trail. */
function actorOf(request: FastifyRequest): StockActor {
  // biome-ignore lint/style/noNonNullAssertion: the admin guard ran
  const auth = request.auth!;
  return { actorId: auth.impersonatorId ?? auth.userId, ip: request.ip };
}

/** Administrators' stock bikes (decision 043) and the public photo files. */
export const stockAdminRoutes: ZodPlugin<{ stock: StockAdminService; guards: Guards }> = async (
  app,
  { stock, guards },
) => {
  const admin = { preHandler: guards.requireRole('admin') };

  app.get(
    '/admin/stock-bikes',
    {
      ...admin,
      schema: {
        tags,
        summary: 'List stock bikes (administrators)',
        description:
          'Search by VIN, model or id; filter by market, dealer (`hq` for headquarters) and status (retired bikes included); sort by vin, productId, country, status or updatedAt (default: last changed first).',
        querystring: AdminStockBikeListQuery,
        response: { 200: AdminStockBikePage, ...errors },
      },
    },
    async (request) => stock.list(request.query),
  );

  app.get(
    '/admin/stock-bikes/form-options',
    {
      ...admin,
      schema: {
        tags,
        summary: 'What the stock-bike form offers: the approved dealers with their market',
        response: { 200: StockBikeFormOptions, ...errors },
      },
    },
    async () => stock.formOptions(),
  );

  app.post(
    '/admin/stock-bikes',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Add a stock bike',
        description:
          'The VIN must be 17 characters with a right check digit (400 VIN_INVALID) and on no other bike (409 VIN_TAKEN); the options follow the configurator’s rules (defaults fill the groups not given; 400 INVALID_CONFIGURATION, INCOMPATIBLE_OPTIONS); the market must exist (404 COUNTRY_NOT_FOUND) and a dealer must be approved and in that market (400 STOCK_BIKE_DEALER_INVALID). The bike is on sale (`available`) at once. Audited (`stock_bike.create`).',
        body: AdminStockBikeBody,
        response: { 201: AdminStockBike, ...errors },
      },
    },
    async (request, reply) => {
      reply.code(201);
      return stock.create(request.body, actorOf(request));
    },
  );

  app.get(
    '/admin/stock-bikes/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'One stock bike with its photos (administrators)',
        params: StockBikeIdParams,
        response: { 200: AdminStockBike, ...errors },
      },
    },
    async (request) => stock.get(request.params.id),
  );

  app.put(
    '/admin/stock-bikes/:id',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Edit a stock bike',
        description:
          'The same checks as adding one. Only a bike on sale can be edited (409 STOCK_BIKE_NOT_EDITABLE for a held, sold or retired bike). Audited with the changed fields (`stock_bike.update`).',
        params: StockBikeIdParams,
        body: AdminStockBikeBody,
        response: { 200: AdminStockBike, ...errors },
      },
    },
    async (request) => stock.update(request.params.id, request.body, actorOf(request)),
  );

  app.post(
    '/admin/stock-bikes/:id/retire',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Retire a stock bike (off sale for good)',
        description:
          'Only a bike on sale can be retired (409 STOCK_BIKE_NOT_EDITABLE: release its reservation first). It leaves the storefront at once; `restore` puts it back. Audited (`stock_bike.retire`).',
        params: StockBikeIdParams,
        response: { 200: AdminStockBike, ...errors },
      },
    },
    async (request) => stock.retire(request.params.id, actorOf(request)),
  );

  app.post(
    '/admin/stock-bikes/:id/restore',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Put a retired stock bike back on sale',
        description:
          'The undo of retiring: only a retired bike (409 STOCK_BIKE_NOT_EDITABLE otherwise). It is on the storefront again at once. Audited (`stock_bike.restore`).',
        params: StockBikeIdParams,
        response: { 200: AdminStockBike, ...errors },
      },
    },
    async (request) => stock.restore(request.params.id, actorOf(request)),
  );

  app.post(
    '/admin/stock-bikes/:id/photos',
    {
      ...admin,
      // 5 MB of image is 6.7 MB of base64.
      bodyLimit: 8 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Add a photo to a stock bike',
        description: `The image as base64: JPEG, PNG or WebP by its content (415 STOCK_BIKE_PHOTO_TYPE), at most 5 MB (413 STOCK_BIKE_PHOTO_TOO_LARGE), at most ${STOCK_BIKE_MAX_PHOTOS} a bike (409 STOCK_BIKE_PHOTO_LIMIT). Not for a retired bike (409 STOCK_BIKE_NOT_EDITABLE). Stored with the storage provider and listed last. Audited (\`stock_bike.photo_add\`).`,
        params: StockBikeIdParams,
        body: StockBikePhotoUpload,
        response: { 200: AdminStockBike, 413: ErrorEnvelope, 415: ErrorEnvelope, ...errors },
      },
    },
    async (request) => stock.addPhoto(request.params.id, request.body.image, actorOf(request)),
  );

  app.put(
    '/admin/stock-bikes/:id/photos/order',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Put a stock bike’s photos in a new order',
        description:
          'Every photo of the bike exactly once, first shown first (400 VALIDATION_ERROR otherwise; 404 for a photo of another bike). Audited (`stock_bike.photo_order`).',
        params: StockBikeIdParams,
        body: StockBikePhotoOrder,
        response: { 200: AdminStockBike, ...errors },
      },
    },
    async (request) => stock.orderPhotos(request.params.id, request.body.photoIds, actorOf(request)),
  );

  app.delete(
    '/admin/stock-bikes/:id/photos/:photoId',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Remove a photo of a stock bike',
        description: 'The file is deleted from the storage. Audited (`stock_bike.photo_remove`).',
        params: StockBikePhotoParams,
        response: { 200: AdminStockBike, ...errors },
      },
    },
    async (request) => stock.removePhoto(request.params.id, request.params.photoId, actorOf(request)),
  );

  app.get(
    '/admin/stock-bikes/:id/reservations',
    {
      ...admin,
      schema: {
        tags,
        summary: 'The orders holding a stock bike',
        description:
          'Orders (not cancelled) with a line for this bike: the buyer, the order and its cart, what is paid, and until when an unpaid hold lasts (null once something is paid).',
        params: StockBikeIdParams,
        response: { 200: StockBikeReservations, ...errors },
      },
    },
    async (request) => stock.reservations(request.params.id),
  );

  app.post(
    '/admin/stock-bikes/:id/reservations/:orderId/release',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Release an unpaid order’s hold of a stock bike',
        description:
          'The order is cancelled and its stock bikes are on sale again, as when the hold lapses (decision 027). 404 RESERVATION_NOT_FOUND when the order does not hold the bike or is cancelled; 409 RESERVATION_PAID when something is paid (cancel the order with a refund instead). Audited on the bike (`stock_bike.release`) and the order (`order.reservation_released`).',
        params: StockBikeIdParams.extend({ orderId: z.uuid() }),
        response: { 200: AdminStockBike, ...errors },
      },
    },
    async (request) => stock.release(request.params.id, request.params.orderId, actorOf(request)),
  );

  app.get(
    '/stock-bikes/:id/photos/:photoId',
    {
      schema: {
        tags: ['catalog'],
        summary: 'A stock bike’s photo (the image file)',
        description: 'Public and cacheable: a photo never changes (a new one has a new id).',
        params: StockBikePhotoParams,
      },
    },
    async (request, reply) => {
      const file = await stock.photoFile(request.params.id, request.params.photoId);
      reply
        .type(file.type)
        .header('cache-control', 'public, max-age=86400, immutable')
        .header('x-content-type-options', 'nosniff');
      return reply.send(file.body);
    },
  );
};
