import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { openapiBase, openapiTransform, openapiTransformObject } from './openapi.ts';

/** The OpenAPI document and `/docs` (who may read them: `ops-access.ts`). */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      ...openapiBase,
      info: {
        title: 'Storefront and dealer portal API',
        version: '1.0.0',
        description:
          'The HTTP API behind the storefront (spec section 7). Errors share one envelope `{ statusCode, code, message, t_key }`; `message` is translated into the language of `?lang`, `x-lang` or `Accept-Language`.',
      },
      tags: [
        { name: 'markets', description: 'Countries, languages and the suggested country' },
        { name: 'catalog', description: 'Bikes, options and prices (amounts in minor units)' },
        {
          name: 'store',
          description: 'Spare parts, accessories, merchandise, extended warranties and technical documents',
        },
        { name: 'cart', description: 'The cart: bikes, stock bikes and store items, priced on every read' },
        { name: 'orders', description: 'Orders, invoices and bank-transfer details of the signed-in buyer' },
        { name: 'identity', description: 'Accounts, sessions and the current user' },
        { name: 'addresses', description: 'Saved addresses (v2) and address lookup' },
        { name: 'tax', description: 'Tax, VAT number checks and shipping methods' },
        { name: 'admin', description: 'Administrators: users, impersonation, audit log, the back office' },
        { name: 'admin-orders', description: 'Back office: every order, cancelling, refunds, transfers, parcels' },
        { name: 'admin-catalogue', description: 'Back office: models, options, rules and price lists' },
        { name: 'admin-parts', description: 'Back office: parts, accessories and extended warranties' },
        { name: 'admin-stock-bikes', description: 'Back office: stock bikes, their photos and holds' },
        { name: 'admin-markets', description: 'Back office: markets, their currency and tax' },
        { name: 'content', description: 'Site banners and legal documents (terms of sale, privacy, cookies, imprint)' },
        { name: 'translations', description: 'Translator mode: saved texts over the catalogs' },
        {
          name: 'vehicles',
          description: 'Vehicles: the owner’s garage, ownership transfer, deliveries, registration (mco)',
        },
        { name: 'checkout', description: 'Checkout: setup, payment kinds, confirm, the order being completed' },
        { name: 'payments', description: 'Payments: intents, methods, wallet, saved cards, webhooks, refunds' },
        { name: 'dealers', description: 'Becoming a dealer, its review, and the dealer’s profile' },
        { name: 'referrals', description: 'Dealers’ leads and referrals; test rides and their feedback' },
        { name: 'dealer-orders', description: 'Dealers: the orders they look after, order edits, attached invoices' },
        {
          name: 'dealer-ledger',
          description: 'Dealers’ invoices, credit notes, payments and balances; lead dealers’ groups',
        },
        {
          name: 'whistleblowing',
          description: 'The whistleblowing channel: anonymous reports, their follow-up, and the compliance team',
        },
        {
          name: 'engagement',
          description: 'Store finder, team and CV applications, contact, newsletter',
        },
        { name: 'auction', description: 'The numbered-axe auction: axes, bids, winners (amounts in EUR minor units)' },
        { name: 'system', description: 'Health, readiness and metrics' },
        { name: 'dev', description: 'This machine only (the dev mailbox, settling sandbox payments, ending an axe)' },
      ],
    },
    transform: openapiTransform,
    transformObject: openapiTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true });
}
