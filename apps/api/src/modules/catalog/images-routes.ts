import {
  AdminCatalogImages,
  AdminModelParams,
  AdminOptionParams,
  CATALOG_IMAGE_MAX_PER_MODEL,
  CatalogImageFileParams,
  CatalogImageOrder,
  CatalogImageUpload,
  ErrorEnvelope,
} from '@varg/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Guards } from '../identity/auth.ts';
import type { CatalogImagesService } from './images.ts';

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope, 409: ErrorEnvelope };
const uploadErrors = { 413: ErrorEnvelope, 415: ErrorEnvelope };
const tags = ['admin-catalogue'];
const AUDITED =
  'Audited on the model; once committed the catalogue and page caches of every process are dropped (decision 041), so the shop shows it at once.';
const CHECKS =
  'The image as base64: JPEG, PNG or WebP by its content (415 CATALOG_IMAGE_TYPE), at most 8 MB (413 CATALOG_IMAGE_TOO_LARGE) and 6000 × 6000 pixels (400 CATALOG_IMAGE_DIMENSIONS); stored as WebP without metadata, large and small.';
const ImageParams = AdminModelParams.extend({ imageId: z.uuid() });
// 8 MB of image is 10.7 MB of base64.
const bodyLimit = 12 * 1024 * 1024;

const actorOf = (request: FastifyRequest) => ({
  // biome-ignore lint/style/noNonNullAssertion: the admin guard ran
  userId: request.auth!.userId,
  ip: request.ip,
});

/** Model and option images (decision 059): the back office's edits (admins only) and the public files. */
export const catalogImageRoutes: FastifyPluginAsyncZod<{ images: CatalogImagesService; guards: Guards }> = async (
  app,
  { images, guards },
) => {
  const preHandler = guards.requireRole('admin');

  app.get(
    '/admin/catalogue/models/:productId/images',
    {
      schema: {
        tags,
        summary: "A model's gallery and its options' images",
        params: AdminModelParams,
        response: { 200: AdminCatalogImages, ...errors },
      },
      preHandler,
    },
    async (request) => images.list(request.params.productId),
  );

  app.post(
    '/admin/catalogue/models/:productId/images',
    {
      bodyLimit,
      schema: {
        tags,
        summary: "Add an image to a model's gallery",
        description: `${CHECKS} Listed last; a model's first image becomes its cover. At most ${CATALOG_IMAGE_MAX_PER_MODEL} a model (409 CATALOG_IMAGE_LIMIT); 404 PRODUCT_NOT_FOUND for an unknown model. Audited (\`catalog.image_add\`). ${AUDITED}`,
        params: AdminModelParams,
        body: CatalogImageUpload,
        response: { 200: AdminCatalogImages, ...uploadErrors, ...errors },
      },
      preHandler,
    },
    async (request) => images.addModelImage(request.params.productId, request.body.image, actorOf(request)),
  );

  app.put(
    '/admin/catalogue/models/:productId/images/order',
    {
      schema: {
        tags,
        summary: "Put a model's gallery in a new order",
        description: `Every gallery image exactly once, first shown first (400 VALIDATION_ERROR otherwise; 404 CATALOG_IMAGE_NOT_FOUND for another model's). Audited (\`catalog.image_order\`). ${AUDITED}`,
        params: AdminModelParams,
        body: CatalogImageOrder,
        response: { 200: AdminCatalogImages, ...errors },
      },
      preHandler,
    },
    async (request) => images.order(request.params.productId, request.body.imageIds, actorOf(request)),
  );

  app.put(
    '/admin/catalogue/models/:productId/images/:imageId/cover',
    {
      schema: {
        tags,
        summary: "Make a gallery image the model's cover",
        description: `The cover shows on model cards and the configurator. Audited (\`catalog.image_cover\`). ${AUDITED}`,
        params: ImageParams,
        response: { 200: AdminCatalogImages, ...errors },
      },
      preHandler,
    },
    async (request) => images.setCover(request.params.productId, request.params.imageId, actorOf(request)),
  );

  app.delete(
    '/admin/catalogue/models/:productId/images/:imageId',
    {
      schema: {
        tags,
        summary: "Remove a model's or an option's image",
        description: `The files are deleted from the storage; a removed cover passes to the first image left. Audited (\`catalog.image_remove\`). ${AUDITED}`,
        params: ImageParams,
        response: { 200: AdminCatalogImages, ...errors },
      },
      preHandler,
    },
    async (request) => images.remove(request.params.productId, request.params.imageId, actorOf(request)),
  );

  app.put(
    '/admin/catalogue/models/:productId/options/:optionId/image',
    {
      bodyLimit,
      schema: {
        tags,
        summary: "Upload or replace an option's image",
        description: `${CHECKS} One image an option (a colour swatch, a part photo): it replaces the one before it. 404 PRODUCT_NOT_FOUND or OPTION_NOT_FOUND for an unknown model or option. Audited (\`catalog.option_image_set\`). ${AUDITED}`,
        params: AdminOptionParams,
        body: CatalogImageUpload,
        response: { 200: AdminCatalogImages, ...uploadErrors, ...errors },
      },
      preHandler,
    },
    async (request) =>
      images.setOptionImage(request.params.productId, request.params.optionId, request.body.image, actorOf(request)),
  );

  app.get(
    '/catalogue-images/:id/:file',
    {
      schema: {
        tags: ['catalog'],
        summary: 'A model or option image (WebP)',
        description:
          'Public and cacheable for a year: the address names the content’s hash, so a new image has a new address. `-small` is the small file (cards, option choices). 404 CATALOG_IMAGE_NOT_FOUND for an address that is not current.',
        params: CatalogImageFileParams,
      },
    },
    async (request, reply) => {
      const body = await images.file(request.params.id, request.params.file);
      reply
        .type('image/webp')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff');
      return reply.send(body);
    },
  );
};
