import {
  Country,
  CountryByIp,
  CountryList,
  CountryListQuery,
  CountryParams,
  ErrorEnvelope,
  Language,
  LanguageList,
  LanguageListQuery,
  LanguageParams,
} from '@varg/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MarketsService } from './service.ts';

const PUBLIC_CACHE = 'public, max-age=60, stale-while-revalidate=600';

export const marketsRoutes: FastifyPluginAsyncZod<{ markets: MarketsService }> = async (app, { markets }) => {
  app.get(
    '/country',
    {
      schema: {
        tags: ['markets'],
        summary: 'List countries',
        description:
          'Countries with currency, default language, tax display and units. The storefront asks for `status=1&limit=300&sort=name`.',
        querystring: CountryListQuery,
        response: { 200: CountryList, 400: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE);
      return markets.listCountries(request.query);
    },
  );

  app.get(
    '/country/by-ip',
    {
      schema: {
        tags: ['markets'],
        summary: 'Suggested country for the caller',
        description:
          "Looks the caller's IP up in the bundled GeoIP country database. Forwarded headers are trusted only when `TRUST_PROXY` is set. `country` is null when the IP is unknown or its country is not an active market.",
        response: { 200: CountryByIp },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { ip: request.ip, country: await markets.countryByIp(request.ip) };
    },
  );

  app.get(
    '/country/:code',
    {
      schema: {
        tags: ['markets'],
        summary: 'One country',
        params: CountryParams,
        response: { 200: Country, 400: ErrorEnvelope, 404: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE);
      return markets.getCountry(request.params.code);
    },
  );

  app.get(
    '/language',
    {
      schema: {
        tags: ['markets'],
        summary: 'List UI languages',
        description: 'Not in the original client: the language dropdown of the locale modal reads it.',
        querystring: LanguageListQuery,
        response: { 200: LanguageList, 400: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE);
      return { docs: await markets.listLanguages(request.query.status) };
    },
  );

  app.get(
    '/language/:code',
    {
      schema: {
        tags: ['markets'],
        summary: 'One UI language',
        description: 'Codes as in the spec (`de`, `en-us`); `en` is accepted for English.',
        params: LanguageParams,
        response: { 200: Language, 400: ErrorEnvelope, 404: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', PUBLIC_CACHE);
      return markets.getLanguage(request.params.code);
    },
  );
};
