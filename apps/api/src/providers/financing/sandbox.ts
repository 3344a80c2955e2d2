// The demo's lender (docs/decisions/030-payments-production.md): it stands in for ekho without network. Its
// application page is our own /checkout/verify/{paymentId}; the decision made there goes through this lender, which
// sends a signed callback to the app (the same code path as the real lender's), so the buyer's own payment action
// never approves financing. Not mounted in production.
import { createHash, randomBytes } from 'node:crypto';
import type { SandboxLenderProvider } from './interface.ts';
import { readDecision, signCallback, verifyCallbackSignature } from './signature.ts';

export const SANDBOX_LENDER_NAME = 'ekho_sandbox';
export const SANDBOX_LENDER_SIGNATURE_HEADER = 'lender-signature';

export function sandboxLender(options: {
  webhookSecret: string;
  /** Sends a signed callback to the app's lender webhook. */
  deliver: (rawBody: string, signature: string) => Promise<void>;
  now?: () => Date;
}): SandboxLenderProvider {
  const now = options.now ?? (() => new Date());
  return {
    name: SANDBOX_LENDER_NAME,
    signatureHeader: SANDBOX_LENDER_SIGNATURE_HEADER,

    async createApplication(input) {
      const reference = `lnd_sbx_${createHash('sha256').update(input.idempotencyKey).digest('hex').slice(0, 24)}`;
      return { reference, approvalUrl: `/checkout/verify/${input.paymentId}` };
    },

    verifyCallback(rawBody, signature) {
      verifyCallbackSignature(rawBody, signature, options.webhookSecret, now());
      return readDecision(rawBody);
    },

    async decide(reference, approved, terms) {
      const body = JSON.stringify({
        id: `evt_lnd_sbx_${randomBytes(12).toString('hex')}`,
        type: approved ? 'application.approved' : 'application.declined',
        created: Math.floor(now().getTime() / 1000),
        data: { application: reference, amount: terms.amount, currency: terms.currency },
      });
      await options.deliver(body, signCallback(body, options.webhookSecret, Math.floor(now().getTime() / 1000)));
    },
  };
}
