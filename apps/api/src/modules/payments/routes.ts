import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Guards } from '../identity/auth.ts';
import { settlementRoutes } from './routes-admin.ts';
import { attemptRoutes } from './routes-attempts.ts';
import { cardRoutes } from './routes-cards.ts';
import { financingRoutes } from './routes-financing.ts';
import { webhookRoutes } from './routes-webhooks.ts';
import type { PaymentsService } from './service.ts';

export { cardSetupRoutes } from './routes-cards.ts';

/**
 * Payments of orders (spec section 7, "Checkout and payment"; docs/decisions/017-payments.md). The routes live by
 * concept in routes-*.ts (docs/decisions/034); this plugin registers them in this order (the OpenAPI document's).
 */
export const paymentRoutes: FastifyPluginAsyncZod<{
  payments: PaymentsService;
  guards: Guards;
  /** The dev settle route answers only callers on this machine (as the dev mailbox). */
  devLocalOnly: boolean;
  /** The dev settle route exists (the demo only; decision 030). */
  devRoutes: boolean;
  /** The payment providers whose webhooks are mounted: `stripe`, and `sandbox` in the demo only. */
  webhookProviders: ReadonlyArray<'stripe' | 'sandbox'>;
  /** The lenders whose signed callbacks are mounted (`/payment/webhook/lender/{name}`) and their signature headers. */
  lenders: ReadonlyArray<{ name: string; signatureHeader: string }>;
  /** The demo's sandbox lender: its page's decision route is mounted. */
  sandboxLender: boolean;
}> = async (app, { payments, guards, devLocalOnly, devRoutes, webhookProviders, lenders, sandboxLender }) => {
  attemptRoutes(app, { payments, guards });
  financingRoutes(app, { payments, guards, sandboxLender });
  cardRoutes(app, { payments, guards });
  settlementRoutes(app, { payments, guards, devLocalOnly, devRoutes });
  await webhookRoutes(app, { payments, webhookProviders, lenders });
};
