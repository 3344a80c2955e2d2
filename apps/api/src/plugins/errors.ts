import { ERRORS, type ErrorCode, type ErrorEnvelope } from '@varg/contracts';
import { t } from '@varg/i18n/server';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ApiError } from '../lib/api-error.ts';
import { requestLocale } from '../lib/request-language.ts';
import { fieldError } from '../lib/validation-messages.ts';

/** Fastify's own 4xx error codes mapped to ours, so a client sees one vocabulary. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'BAD_REQUEST',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_CTP_INVALID_JSON_BODY: 'BAD_REQUEST',
  FST_ERR_VALIDATION: 'VALIDATION_ERROR',
};

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  code: ErrorCode | string,
  statusCode: number,
  tKey: string,
  extra: Partial<ErrorEnvelope> = {},
  params?: Record<string, string | number>,
) {
  const body: ErrorEnvelope = {
    statusCode,
    code,
    message: t(requestLocale(request), tKey, params),
    t_key: tKey,
    ...extra,
    requestId: request.id,
  };
  return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
}

function known(code: ErrorCode) {
  return { code, ...ERRORS[code] };
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      return sendError(request, reply, error.code, error.statusCode, error.tKey, {}, error.params);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const locale = requestLocale(request);
      const details = error.validation.map((v) =>
        fieldError(
          locale,
          [error.validationContext, ...(v.instancePath ? v.instancePath.split('/').filter(Boolean) : [])].join('.'),
          v,
        ),
      );
      const e = known('VALIDATION_ERROR');
      return sendError(request, reply, e.code, e.statusCode, e.t_key, { details });
    }
    if (error.statusCode === 429) {
      const e = known('RATE_LIMITED');
      return sendError(request, reply, e.code, e.statusCode, e.t_key);
    }
    const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
    if (mapped) {
      const e = known(mapped);
      return sendError(request, reply, e.code, e.statusCode, e.t_key);
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const e = known('BAD_REQUEST');
      return sendError(request, reply, error.code ?? e.code, error.statusCode, e.t_key);
    }
    request.log.error({ err: error }, 'unhandled error');
    const e = known('INTERNAL_ERROR');
    return sendError(request, reply, e.code, e.statusCode, e.t_key);
  });
}

/** JSON 404 for unknown API paths. */
export function apiNotFound(request: FastifyRequest, reply: FastifyReply) {
  const e = known('NOT_FOUND');
  return sendError(request, reply, e.code, e.statusCode, e.t_key);
}

/** Unknown API paths answer JSON even when the web adds its catch-all page route. */
export function apiFallbacks(app: FastifyInstance): void {
  for (const prefix of ['/v1', '/v2']) {
    app.route({
      method: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: `${prefix}/*`,
      handler: apiNotFound,
      schema: { hide: true },
    });
  }
  app.setNotFoundHandler(apiNotFound);
}
