import {
  AddressCreate,
  AddressList,
  AddressParams,
  AddressParseQuery,
  Address as AddressSchema,
  AddressSuggestions,
  AddressSuggestQuery,
  ErrorEnvelope,
  ParsedAddress,
} from '@varg/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../lib/api-error.ts';
import { requestLanguage } from '../../lib/request-language.ts';
import { errorResponses, PRIVATE } from '../../lib/route-responses.ts';
import type { Guards } from '../identity/auth.ts';
import { type AddressesService, MAX_ADDRESSES_PER_USER, MIN_SUGGEST_QUERY, toAddress } from './service.ts';

const errors = errorResponses(400, 401, 403, 404, 429);

/**
 * Saved addresses, `/v2` (spec section 7, "Addresses and payment methods"; decision 013). All signed in; a user
 * reaches only their own addresses, and another user's id answers 404 like an unknown one.
 */
export const addressRoutes: FastifyPluginAsyncZod<{ addresses: AddressesService; guards: Guards }> = async (
  app,
  { addresses, guards },
) => {
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', PRIVATE);
  });

  app.get(
    '/address',
    {
      schema: {
        tags: ['addresses'],
        summary: 'The signed-in user’s saved addresses, newest first',
        response: { 200: AddressList, ...errors },
      },
      preHandler: guards.requireAuth,
    },
    // biome-ignore lint/style/noNonNullAssertion: requireAuth guarantees it
    async (request) => ({ addresses: (await addresses.list(request.auth!.userId)).map(toAddress) }),
  );

  app.post(
    '/address',
    {
      schema: {
        tags: ['addresses'],
        summary: 'Save an address',
        description: `The spec's creation payload. \`owner\`, when sent, must be the caller's own user id (403 otherwise). \`country\` must be an active market (404 COUNTRY_NOT_FOUND). \`postal_code\` must have the country's form (DE 5 digits, US 5 or 9 digits, GB a postcode, NL 4 digits and 2 letters, …; countries without a rule take 1–10 letters and digits), else 400 INVALID_POSTAL_CODE; it is stored as the country writes it (\`1012ab\` → \`1012 AB\`). In the US \`state\` is the USPS code (400 INVALID_STATE otherwise) and the ZIP code must be that state's (INVALID_POSTAL_CODE). Strings are trimmed; \`formatted_address\` is composed as the country writes addresses. At most ${MAX_ADDRESSES_PER_USER} addresses per account (409 ADDRESS_LIMIT_REACHED). Answers 201 with the address.`,
        body: AddressCreate,
        response: { 201: AddressSchema, 409: ErrorEnvelope, ...errors },
      },
      preHandler: guards.requireAuth,
    },
    async (request, reply) => {
      // biome-ignore lint/style/noNonNullAssertion: requireAuth guarantees it
      const userId = request.auth!.userId;
      const { owner, ...input } = request.body;
      if (owner !== undefined && owner !== userId) throw new ApiError('FORBIDDEN');
      const saved = await addresses.create(userId, input);
      return reply.code(201).send(toAddress(saved));
    },
  );

  app.delete(
    '/address/:id',
    {
      schema: {
        tags: ['addresses'],
        summary: 'Delete a saved address',
        description:
          'Only the caller’s own addresses; an unknown id and another user’s id both answer 404 ADDRESS_NOT_FOUND. Orders keep their own copy of the address, so deleting one changes no order.',
        params: AddressParams,
        response: { 204: z.null().meta({ description: 'Deleted' }), ...errors },
      },
      preHandler: guards.requireAuth,
    },
    async (request, reply) => {
      // biome-ignore lint/style/noNonNullAssertion: requireAuth guarantees it
      await addresses.remove(request.auth!.userId, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/address/suggest',
    {
      schema: {
        tags: ['addresses'],
        summary: 'Suggest addresses for what the buyer typed',
        description: `The address forms' search (decision 053): at most five addresses of \`country\` (an active market, else 404 COUNTRY_NOT_FOUND) matching \`q\`, each with the place id \`GET /v2/address/parse\` fills the form from. Under ${MIN_SUGGEST_QUERY} characters the answer is an empty list and the provider is not asked. Needs GOOGLE_MAPS_API_KEY; without it address lookup is off and the answer is 503 GEOCODING_DISABLED, whatever \`q\` is (the forms then stay plain fields). A failing provider is 502 GEOCODING_FAILED.`,
        querystring: AddressSuggestQuery,
        response: { 200: AddressSuggestions, 502: ErrorEnvelope, 503: ErrorEnvelope, ...errors },
      },
      preHandler: guards.requireAuth,
    },
    async (request) => addresses.suggest(request.query.q, request.query.country, requestLanguage(request)),
  );

  app.get(
    '/address/parse',
    {
      schema: {
        tags: ['addresses'],
        summary: 'Look up an address by Google place id',
        description:
          'The address of a place picked in an address autocomplete, in the creation payload’s fields (`line_1, line_2, postal_code, city, state, country`) plus coordinates. Needs GOOGLE_MAPS_API_KEY; without it address lookup is off and the answer is 503 GEOCODING_DISABLED (type the address instead). An unknown place is 404 PLACE_NOT_FOUND; a failing provider 502 GEOCODING_FAILED.',
        querystring: AddressParseQuery,
        response: { 200: ParsedAddress, 502: ErrorEnvelope, 503: ErrorEnvelope, ...errors },
      },
      preHandler: guards.requireAuth,
    },
    async (request) => addresses.parse(request.query.google_place_id, requestLanguage(request)),
  );
};
