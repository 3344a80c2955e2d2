import {
  Dealer,
  DealerApplication,
  DealerApplicationBody,
  DealerApplicationState,
  DealerApproval,
  DealerInfoBody,
  DealerRejection,
} from '@varg/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../lib/route-responses.ts';
import { type Guards, signedIn } from '../identity/auth.ts';
import type { DealerProfileService } from './profile.ts';
import type { DealersService } from './service.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 429);

/** The dealer application (spec: POST dealer) and its state, for the signed-in user. Mounted on /v1 and /v2. */
export const dealerApplicationRoutes: FastifyPluginAsyncZod<{ dealers: DealersService; guards: Guards }> = async (
  app,
  { dealers, guards },
) => {
  app.get(
    '/dealer/application',
    {
      preHandler: guards.requireAuth,
      schema: {
        tags: ['dealers'],
        summary: 'The caller’s dealer application: none, pending, approved or rejected (with the reason)',
        response: { 200: DealerApplicationState, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return dealers.state(signedIn(request).userId);
    },
  );

  app.post(
    '/dealer',
    {
      preHandler: guards.requireAuth,
      config: { rateLimit: { max: 5, timeWindow: '10 minutes' } },
      schema: {
        tags: ['dealers'],
        summary: 'Apply to become a dealer',
        description:
          'Signed-in users who are neither dealer nor lead dealer (403 DEALER_APPLICATION_NOT_ALLOWED), once: any dealer record means the request was sent (409 DEALER_APPLICATION_EXISTS). The VAT id is checked with the VAT provider (400 VAT_ID_INVALID), the captcha (`captcha`, reCAPTCHA Enterprise action `dealer_application` when configured) gives 400 CAPTCHA_FAILED. Creates the dealer record with status 0; an administrator approves or rejects it.',
        body: DealerApplicationBody,
        response: { 201: DealerApplicationState, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await dealers.apply(signedIn(request).userId, request.body, request.ip)),
  );
};

/** Administrators review applications. */
export const dealerAdminRoutes: FastifyPluginAsyncZod<{ dealers: DealersService; guards: Guards }> = async (
  app,
  { dealers, guards },
) => {
  const admin = { preHandler: guards.requireRole('admin') };
  const params = z.object({ id: z.uuid() });

  app.get(
    '/admin/dealer-applications',
    {
      ...admin,
      schema: {
        tags: ['dealers'],
        summary: 'Dealer applications waiting for a decision, and rejected ones',
        response: { 200: z.object({ docs: z.array(DealerApplication) }), ...errors },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { docs: await dealers.list() };
    },
  );

  app.post(
    '/admin/dealer-applications/:id/approve',
    {
      ...admin,
      schema: {
        tags: ['dealers'],
        summary:
          'Approve an application: status 1, the dealer role, group and commercial terms; the applicant is e-mailed',
        description: '404 DEALER_APPLICATION_NOT_FOUND unless the application is pending (a decision is taken once).',
        params,
        body: DealerApproval,
        response: { 200: DealerApplication, ...errors },
      },
    },
    async (request) => dealers.approve(signedIn(request).userId, request.params.id, request.body),
  );

  app.post(
    '/admin/dealer-applications/:id/reject',
    {
      ...admin,
      schema: {
        tags: ['dealers'],
        summary: 'Reject an application with a reason; the applicant is e-mailed',
        params,
        body: DealerRejection,
        response: { 200: DealerApplication, ...errors },
      },
    },
    async (request) => dealers.reject(signedIn(request).userId, request.params.id, request.body.reason),
  );
};

/** The dealer's own profile (spec section 7: PUT dealer/{id}/info, a v2 call). Mounted on /v1 and /v2. */
export const dealerProfileRoutes: FastifyPluginAsyncZod<{ profile: DealerProfileService; guards: Guards }> = async (
  app,
  { profile, guards },
) => {
  app.put(
    '/dealer/:id/info',
    {
      preHandler: guards.requireRole('dealer', 'admin'),
      schema: {
        tags: ['dealers'],
        summary: 'Change the dealer’s store, contact, invoicing or shipping details',
        description:
          'One section or more: `storeInfo` (store name, formatted address and its GeoJSON point `[longitude, latitude]`), `contactInfo` (phone, support e-mail), `companyInfo` (company, VAT id checked with the VAT provider in the address’s country: 400 VAT_ID_INVALID; owner, phone, the e-mails invoices go to, address) or `shippingInfo` (who receives deliveries, phone, e-mail, address). Phones are read in the country (the dealer’s, or the address’s) and stored in international form (400 PHONE_INVALID when they are not valid numbers). A section replaces what the record had; sections not sent stay as they are. Answers the dealer record as `GET dealer/my` does. Only the dealer itself (and administrators): another dealer’s id, and an unknown one, is a 404 DEALER_NOT_FOUND; customers 403. Audited.',
        params: z.object({ id: z.uuid() }),
        body: DealerInfoBody,
        response: { 200: Dealer, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return profile.updateInfo(signedIn(request), request.params.id, request.body, request.ip);
    },
  );
};
