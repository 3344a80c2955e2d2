import { AddressList, ErrorEnvelope } from '@varg/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Guards } from '../identity/auth.ts';
import { type AddressesService, toAddress } from './service.ts';

const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope };

/** The back office reads a customer's saved addresses (issue 24 item 6, decision 044). */
export const addressAdminRoutes: FastifyPluginAsyncZod<{ addresses: AddressesService; guards: Guards }> = async (
  app,
  { addresses, guards },
) => {
  app.get(
    '/admin/customers/:id/addresses',
    {
      preHandler: guards.requireRole('admin'),
      schema: {
        tags: ['admin'],
        summary: 'A customer’s saved addresses, newest first',
        description:
          'Read-only, as the customer sees them. An unknown account has none. Administrators only (anyone else 403 FORBIDDEN, anonymous 401).',
        params: z.object({ id: z.uuid() }),
        response: { 200: AddressList, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { addresses: (await addresses.list(request.params.id)).map(toAddress) };
    },
  );
};
