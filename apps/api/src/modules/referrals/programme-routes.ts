// The customer's own referral code (issue 25 item 8; decision 051): the wallet page shows it with its sign-up link.
import { OwnReferral } from '@varg/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, PRIVATE } from '../../lib/route-responses.ts';
import { type Guards, signedIn } from '../identity/auth.ts';
import type { ReferralProgramme } from './programme.ts';

export const programmeRoutes: FastifyPluginAsyncZod<{ programme: ReferralProgramme; guards: Guards }> = async (
  app,
  { programme, guards },
) => {
  app.get(
    '/user/referral',
    {
      preHandler: guards.requireAuth,
      schema: {
        tags: ['referrals'],
        summary: 'The caller’s referral code',
        description:
          'Always the same code; reading it changes nothing. A friend who signs up with it (`referralCode` of `POST /v1/user/sign-up`) is recorded as referred; when their bike order is paid in full the caller’s wallet receives `credit` (minor units, in the order’s currency), once per order. Signed-in owner only (anonymous 401).',
        response: { 200: OwnReferral, ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PRIVATE);
      return programme.own(signedIn(request).userId);
    },
  );
};
