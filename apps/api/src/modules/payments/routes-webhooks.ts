// Routes of webhooks: the payment providers' and the lenders' signed callbacks, read as raw bodies.
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errors, type RoutesApp } from './routes-shared.ts';
import type { PaymentsService } from './service.ts';

export async function webhookRoutes(
  app: RoutesApp,
  {
    payments,
    webhookProviders,
    lenders,
  }: {
    payments: PaymentsService;
    webhookProviders: ReadonlyArray<'stripe' | 'sandbox'>;
    lenders: ReadonlyArray<{ name: string; signatureHeader: string }>;
  },
) {
  // Webhooks read the raw body: the signature is over the exact bytes sent.
  await app.register(async (plain) => {
    const hooks = plain.withTypeProvider<ZodTypeProvider>();
    hooks.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    const Received = z.object({ received: z.boolean(), applied: z.boolean() });
    const rawOf = (body: unknown) => (typeof body === 'string' ? body : '');
    const first = (header: string | string[] | undefined) => (Array.isArray(header) ? header[0] : header);
    // Only the providers that exist: in production the sandbox's webhook is not mounted (decision 030).
    for (const provider of webhookProviders)
      hooks.post(
        `/payment/webhook/${provider}`,
        {
          schema: {
            tags: ['payments'],
            summary: provider === 'stripe' ? 'Stripe webhook' : 'Sandbox webhook (the demo only)',
            description: `Verified by signature (\`${provider}-signature\`), processed once per event id; a replayed or out-of-order event changes nothing.`,
            response: { 200: Received, ...errors },
          },
        },
        async (request) =>
          payments.webhook(provider, rawOf(request.body), first(request.headers[`${provider}-signature`])),
      );
    for (const lender of lenders)
      hooks.post(
        `/payment/webhook/lender/${lender.name}`,
        {
          schema: {
            tags: ['payments'],
            summary: `Lender callback (${lender.name}): the decision on a financing application`,
            description: `Verified by signature (\`${lender.signatureHeader}\`, HMAC-SHA256 over \`<t>.<raw body>\`), processed once per event id; approves or declines only a waiting application of this lender, an approval only for the amount applied for. Body: \`{ id, type: application.approved | application.declined, data: { application, amount, currency } }\`.`,
            response: { 200: Received, ...errors },
          },
        },
        async (request) =>
          payments.lenderCallback(lender.name, rawOf(request.body), first(request.headers[lender.signatureHeader])),
      );
  });
}
