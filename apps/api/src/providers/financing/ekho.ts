// The ekho adapter (production financing; docs/decisions/030-payments-production.md). A skeleton: ekho's API was not
// reachable here, so the request and callback shapes below are our assumption of a usual lender API and must be
// checked against ekho's documentation and sandbox before launch. What is fixed on our side: an application is
// opened with our payment id as reference, the buyer applies on ekho's page, and the decision is taken only from
// ekho's signed callback (`ekho-signature`, HMAC-SHA256 of "<t>.<raw body>" with EKHO_WEBHOOK_SECRET).
import { z } from 'zod';
import type { LenderProvider } from './interface.ts';
import { readDecision, verifyCallbackSignature } from './signature.ts';

export const EKHO_LENDER_NAME = 'ekho';

export interface EkhoConfig {
  /** EKHO_API_URL, e.g. https://api.ekho.example/v1 */
  apiUrl: string;
  /** EKHO_API_KEY: sent as a bearer token. */
  apiKey: string;
  /** EKHO_WEBHOOK_SECRET: the key ekho signs its callbacks with. */
  webhookSecret: string;
}

const Application = z.object({ id: z.string().min(1).max(128), redirect_url: z.url() });

export function ekhoLender(
  config: EkhoConfig & { publicUrl: string; fetch?: typeof fetch; now?: () => Date },
): LenderProvider {
  const base = config.apiUrl.replace(/\/+$/, '');
  const send = config.fetch ?? fetch;
  const now = config.now ?? (() => new Date());
  return {
    name: EKHO_LENDER_NAME,
    signatureHeader: 'ekho-signature',

    async createApplication(input) {
      const res = await send(`${base}/applications`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${config.apiKey}`,
          'content-type': 'application/json',
          'idempotency-key': input.idempotencyKey,
        },
        body: JSON.stringify({
          reference: input.paymentId,
          order_reference: String(input.orderNumber),
          amount: input.amount,
          currency: input.currency,
          country: input.country,
          customer: input.buyer,
          return_url: `${config.publicUrl}${input.returnPath}`,
          callback_url: `${config.publicUrl}/v1/payment/webhook/lender/${EKHO_LENDER_NAME}`,
        }),
        signal: AbortSignal.timeout(15_000),
      });
      if (!res.ok) throw new Error(`ekho answered ${res.status}`);
      const application = Application.parse(await res.json());
      return { reference: application.id, approvalUrl: application.redirect_url };
    },

    verifyCallback(rawBody, signature) {
      verifyCallbackSignature(rawBody, signature, config.webhookSecret, now());
      return readDecision(rawBody);
    },
  };
}
