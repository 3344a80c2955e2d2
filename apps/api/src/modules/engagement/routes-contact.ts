// Engagement routes (decision 022): the contact form and the newsletter (double opt-in, one-click unsubscribe).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../lib/api-error.ts';
import { requestLanguage } from '../../lib/request-language.ts';
import { Captcha, country, Email, errors, LocaleQuery } from './routes-shared.ts';
import { CONTACT_TOPICS, type EngagementService } from './service.ts';

const Token = z.string().min(16).max(100);

export const contactRoutes: FastifyPluginAsyncZod<{ engagement: EngagementService }> = async (app, { engagement }) => {
  app.post(
    '/contact',
    {
      config: { rateLimit: { max: 5, timeWindow: '10 minutes' } },
      schema: {
        tags: ['engagement'],
        summary: 'The contact form',
        description:
          'E-mailed to the team queue of the topic and confirmed to the sender in the request’s language. The captcha (action `contact`) refuses with 400 CAPTCHA_FAILED. At most 5 per 10 minutes from one address (429).',
        querystring: LocaleQuery,
        body: z.object({
          topic: z.enum(CONTACT_TOPICS),
          orderReference: z.string().trim().max(40).default(''),
          name: z.string().trim().min(1).max(120),
          email: Email,
          message: z.string().trim().min(10).max(3000),
          captcha: Captcha,
        }),
        response: { 201: z.object({ _id: z.string() }), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await engagement.contact(request.body, {
          lang: requestLanguage(request),
          country: country(request),
          ip: request.ip,
        }),
      ),
  );

  app.post(
    '/newsletter',
    {
      config: { rateLimit: { max: 5, timeWindow: '10 minutes' } },
      schema: {
        tags: ['engagement'],
        summary: 'Sign up to the newsletter (double opt-in)',
        description:
          'E-mails a confirmation link (in the request’s language) and a link to unsubscribe; the address is subscribed only once the link is followed. The answer is the same for a known address. At most 5 per 10 minutes from one address (429).',
        querystring: LocaleQuery,
        body: z.object({ email: Email, captcha: Captcha }),
        response: { 202: z.object({ ok: z.literal(true) }), ...errors },
      },
    },
    async (request, reply) =>
      reply.code(202).send(
        await engagement.subscribe(request.body, {
          lang: requestLanguage(request),
          country: country(request),
          ip: request.ip,
        }),
      ),
  );

  app.post(
    '/newsletter/confirm',
    {
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        tags: ['engagement'],
        summary: 'Confirm a newsletter subscription with the e-mailed token',
        description: 'An unknown or used token is a 404 NEWSLETTER_LINK_INVALID.',
        body: z.object({ token: Token }),
        response: { 200: z.object({ status: z.literal('confirmed') }), ...errors },
      },
    },
    async (request) => engagement.confirm(request.body.token),
  );

  app.post(
    '/newsletter/unsubscribe',
    {
      config: { rateLimit: { max: 20, timeWindow: '10 minutes' } },
      schema: {
        tags: ['engagement'],
        summary: 'One-click unsubscribe (List-Unsubscribe-Post style)',
        description:
          'The token of the e-mailed link, in the query (as mail clients POST `List-Unsubscribe=One-Click` to the link) or the JSON body. An unknown token is a 404 NEWSLETTER_LINK_INVALID.',
        querystring: z.object({ token: Token.optional() }),
        response: { 200: z.object({ status: z.literal('unsubscribed') }), ...errors },
      },
    },
    async (request) => {
      const body = request.body as { token?: unknown } | undefined;
      const value = request.query.token ?? (typeof body?.token === 'string' ? body.token : undefined);
      const parsed = Token.safeParse(value);
      if (!parsed.success) throw new ApiError('VALIDATION_ERROR');
      return engagement.unsubscribe(parsed.data);
    },
  );
};
