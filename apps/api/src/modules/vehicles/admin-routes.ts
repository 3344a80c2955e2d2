import { ErrorEnvelope, VehicleList } from '@varg/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../lib/request-language.ts';
import type { Guards } from '../identity/auth.ts';
import type { VehiclesService } from './service.ts';

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope };

/** The back office reads a customer's vehicles (issue 24 item 6, decision 044). */
export const vehicleAdminRoutes: FastifyPluginAsyncZod<{ vehicles: VehiclesService; guards: Guards }> = async (
  app,
  { vehicles, guards },
) => {
  app.get(
    '/admin/customers/:id/vehicles',
    {
      preHandler: guards.requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'The vehicles a customer owns now',
        description:
          'As the owner sees them (newest delivery first, warranty end, a pending transfer), in the request’s language. An unknown account has none. Administrators only (anyone else 403 FORBIDDEN, anonymous 401).',
        params: z.object({ id: z.uuid() }),
        response: { 200: VehicleList, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const owner = { userId: request.params.id, roles: [] };
      return { vehicles: await vehicles.list(owner, requestLanguage(request)) };
    },
  );
};
