// The lenders of the financing option (docs/decisions/030-payments-production.md): ekho when EKHO_* are set; in the
// demo otherwise the sandbox lender; in production without ekho none (financing is not offered).
import { type ApiConfig, SANDBOX_PAYMENT_DEFAULTS } from '../../config.ts';
import { ekhoLender } from './ekho.ts';
import type { LenderProvider, Lenders } from './interface.ts';
import { sandboxLender } from './sandbox.ts';

export function lenders(
  config: Pick<ApiConfig, 'demo' | 'ekho' | 'publicUrl' | 'payments'>,
  deliver: (lender: string, rawBody: string, signature: string) => Promise<void>,
): Lenders {
  const ekho = config.ekho ? ekhoLender({ ...config.ekho, publicUrl: config.publicUrl }) : null;
  const sandbox = config.demo
    ? sandboxLender({
        webhookSecret: config.payments?.sandboxWebhookSecret ?? SANDBOX_PAYMENT_DEFAULTS.webhookSecret,
        deliver: (raw, signature) => deliver('ekho_sandbox', raw, signature),
      })
    : null;
  const all = [ekho, sandbox].filter((l): l is NonNullable<typeof l> => l !== null) as LenderProvider[];
  const lender = ekho ?? sandbox;
  return {
    // ekho lends in the US only; which markets offer financing at all is the domain's rule (allowedMethods).
    forCountry: () => lender,
    byName: (name) => all.find((l) => l.name === name) ?? null,
    all: () => all,
    sandbox: ekho ? null : sandbox,
  };
}
