import { Avatar, AvatarFile, AvatarUpload, ErrorEnvelope, UserParams } from '@varg/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../lib/api-error.ts';
import { errorResponses, PRIVATE } from '../../lib/route-responses.ts';
import type { Guards } from './auth.ts';
import type { AvatarService } from './avatar.ts';
import type { Auth } from './context.ts';

const errors = errorResponses(400, 401, 403, 404, 429);
const tags = ['identity'];

/** The customer's profile picture (decision 057): only the account's owner; anyone else gets a 404. */
export const avatarRoutes: FastifyPluginAsyncZod<{ avatars: AvatarService; guards: Guards }> = async (app, opts) => {
  const { avatars, guards } = opts;
  const auth = (request: { auth?: Auth | null | undefined }) => {
    if (!request.auth) throw new ApiError('UNAUTHORIZED');
    return request.auth;
  };

  app.put(
    '/user/avatar/:id',
    {
      // 5 MB of image is 6.7 MB of base64.
      bodyLimit: 8 * 1024 * 1024,
      preHandler: guards.requireAuth,
      schema: {
        tags,
        summary: 'Upload or replace the profile picture',
        description:
          'The image as base64: JPEG, PNG or WebP by its content, not its name (415 AVATAR_TYPE), at most 5 MB (413 AVATAR_TOO_LARGE) and 4096 × 4096 pixels (400 AVATAR_DIMENSIONS); stored as a 256-pixel WebP square without the upload’s metadata. Replaces the picture before it, whose file is deleted. Only the own account (404 for another); 403 IMPERSONATION_NOT_ALLOWED while an administrator acts as the customer. Answers `avatar` of user/me: `path` names the content hash. Audited (`user.avatar_set`).',
        params: UserParams,
        body: AvatarUpload,
        response: { 200: Avatar, 413: ErrorEnvelope, 415: ErrorEnvelope, ...errors },
      },
    },
    async (request) => avatars.upload(auth(request), request.params.id, request.body, request.ip),
  );

  app.get(
    '/user/avatar/:id',
    {
      preHandler: guards.requireAuth,
      schema: {
        tags,
        summary: 'The profile picture’s file',
        description:
          'The file as base64 with its type and content hash, for the web app to serve to its owner. Only the own account (404 for another, and 404 AVATAR_NOT_FOUND when there is no picture).',
        params: UserParams,
        response: { 200: AvatarFile, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return avatars.file(auth(request), request.params.id);
    },
  );

  app.delete(
    '/user/avatar/:id',
    {
      preHandler: guards.requireAuth,
      schema: {
        tags,
        summary: 'Remove the profile picture',
        description:
          'Its file is deleted. 404 AVATAR_NOT_FOUND when there is none; only the own account (404 for another); 403 IMPERSONATION_NOT_ALLOWED while an administrator acts as the customer. Audited (`user.avatar_remove`).',
        params: UserParams,
        response: { 204: z.null().meta({ description: 'Removed' }), ...errors },
      },
    },
    async (request, reply) => {
      await avatars.remove(auth(request), request.params.id, request.ip);
      return reply.code(204).send(null);
    },
  );
};
