import {
  Lead,
  LeadCreate,
  LeadEdit,
  LeadPage,
  LeadQuery,
  TestRideDealer,
  TestRideFeedbackBody,
  TestRideFeedbackState,
  TestRideRequest,
} from '@varg/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestLanguage } from '../../lib/request-language.ts';
import { errorResponses, PRIVATE } from '../../lib/route-responses.ts';
import { type Guards, signedIn } from '../identity/auth.ts';
import type { ReferralsService } from './service.ts';

const errors = errorResponses(400, 401, 403, 404, 409, 429);
const OWN =
  'Dealers only (an approved dealer record; others 403 FORBIDDEN). A dealer reaches only its own leads: another dealer’s lead, and an unknown one, is a 404 LEAD_NOT_FOUND.';
const LeadId = z.uuid().meta({ description: 'A lead id (UUID)' });

/**
 * Leads and referrals of dealers, test rides and their feedback (spec section 7 "referral/*"; decision 019).
 */
export const referralRoutes: FastifyPluginAsyncZod<{ referrals: ReferralsService; guards: Guards }> = async (
  app,
  { referrals, guards },
) => {
  const dealer = { preHandler: guards.requireRole('dealer') };

  app.get(
    '/referral/refer',
    {
      ...dealer,
      schema: {
        tags: ['referrals'],
        summary: 'The calling dealer’s leads, newest first, one page',
        description: `\`search\` looks in names, e-mail and phone; \`status\` filters the pipeline; 10 a page by default. Each lead carries its notes and, after a test ride, the rider’s feedback; with \`view=list\` the leads come without their notes, feedback and message (what a list shows; two reads fewer). ${OWN}`,
        querystring: LeadQuery,
        response: { 200: LeadPage, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return referrals.list(signedIn(request).userId, request.query);
    },
  );

  app.get(
    '/referral/:id',
    {
      ...dealer,
      schema: {
        tags: ['referrals'],
        summary: 'One of the calling dealer’s leads',
        description: OWN,
        params: z.object({ id: LeadId }),
        response: { 200: Lead, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return referrals.get(signedIn(request).userId, request.params.id);
    },
  );

  app.post(
    '/referral/addReferral',
    {
      ...dealer,
      schema: {
        tags: ['referrals'],
        summary: 'Add a lead (source WEB)',
        description: `A first name and an e-mail address or a phone number are needed. ${OWN}`,
        body: LeadCreate,
        response: { 201: Lead, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await referrals.create(signedIn(request).userId, request.body, requestLanguage(request))),
  );

  app.post(
    '/referral/addNotes',
    {
      ...dealer,
      schema: {
        tags: ['referrals'],
        summary: 'Add a note to a lead’s timeline',
        description: OWN,
        body: z.object({ leadId: LeadId, text: z.string().trim().min(1).max(2000) }),
        response: { 201: Lead, ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await referrals.addNote(signedIn(request).userId, request.body.leadId, request.body.text)),
  );

  app.put(
    '/referral/edit/:id',
    {
      ...dealer,
      schema: {
        tags: ['referrals'],
        summary: 'Edit a lead or move it along the pipeline',
        description: `Moving a test-ride lead to \`test_ride_done\` e-mails the rider a one-time feedback link. A lead keeps an e-mail address or a phone number (400 LEAD_CONTACT_REQUIRED). ${OWN}`,
        params: z.object({ id: LeadId }),
        body: LeadEdit,
        response: { 200: Lead, ...errors },
      },
    },
    async (request) => referrals.edit(signedIn(request).userId, request.params.id, request.body),
  );

  app.delete(
    '/referral/delete/:id',
    {
      ...dealer,
      schema: {
        tags: ['referrals'],
        summary: 'Delete a lead with its notes',
        description: OWN,
        params: z.object({ id: LeadId }),
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await referrals.remove(signedIn(request).userId, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/referral/test-ride/dealers',
    {
      schema: {
        tags: ['referrals'],
        summary: 'Stores where a test ride can be booked',
        description:
          'Approved dealers with a store: those of `country` first, then by distance from `lat`/`lng` (in the country’s distance unit) when given, else by name. Not a path of the spec (it does not show how the app lists dealers).',
        querystring: z.object({
          country: z
            .string()
            .regex(/^[A-Za-z]{2}$/)
            .transform((c) => c.toUpperCase()),
          lat: z.coerce.number().min(-90).max(90).optional(),
          lng: z.coerce.number().min(-180).max(180).optional(),
        }),
        response: { 200: z.object({ docs: z.array(TestRideDealer) }), ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=60');
      const { country, lat, lng } = request.query;
      return {
        docs: await referrals.testRideDealers(country, lat !== undefined && lng !== undefined ? [lng, lat] : null),
      };
    },
  );

  app.post(
    '/referral/test-ride',
    {
      config: { rateLimit: { max: 5, timeWindow: '10 minutes' }, auth: 'optional' },
      schema: {
        tags: ['referrals'],
        summary: 'Request a test ride at a dealer’s store',
        description:
          'Anonymous or signed in. Becomes a lead of the chosen dealer (source TEST_RIDE, status test_ride_booked); the visitor gets a confirmation and the store a notice, each in their language. The visitor must agree to be contacted (`consent: true`); the date window starts today or later and lasts at most 60 days (400 TEST_RIDE_DATES_INVALID); an unknown or unapproved dealer is a 404 DEALER_NOT_FOUND; the captcha (`captcha`, reCAPTCHA Enterprise action `test_ride` when configured) a 400 CAPTCHA_FAILED. At most 5 requests per 10 minutes from one address (429).',
        querystring: z.object({
          country: z
            .string()
            .regex(/^[A-Za-z]{2}$/)
            .optional(),
          lang: z.string().max(8).optional(),
        }),
        body: TestRideRequest,
        response: { 201: z.object({ _id: z.string() }), ...errors },
      },
    },
    async (request, reply) => {
      const result = await referrals.requestTestRide(request.body, {
        lang: requestLanguage(request),
        country: (request.query.country ?? 'US').toUpperCase(),
        ip: request.ip,
        userId: request.auth?.userId ?? null,
      });
      return reply.code(201).send(result);
    },
  );

  app.get(
    '/referral/test-ride/feedback',
    {
      schema: {
        tags: ['referrals'],
        summary: 'The ride a feedback link is for, and whether it was answered',
        querystring: z.object({ token: z.string().min(16).max(100) }),
        response: { 200: TestRideFeedbackState, ...errors },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return referrals.feedbackState(request.query.token, requestLanguage(request));
    },
  );

  app.post(
    '/referral/test-ride/feedback',
    {
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        tags: ['referrals'],
        summary: 'Feedback after a test ride, once per link',
        description:
          'The token of the e-mailed link (valid 30 days). A second answer is a 409 FEEDBACK_ALREADY_GIVEN; an unknown or expired token a 404 FEEDBACK_LINK_INVALID.',
        querystring: z.object({ token: z.string().min(16).max(100) }),
        body: TestRideFeedbackBody,
        response: { 201: z.object({ ok: z.literal(true) }), ...errors },
      },
    },
    async (request, reply) => {
      await referrals.giveFeedback(request.query.token, request.body);
      return reply.code(201).send({ ok: true as const });
    },
  );
};
