// Payments of orders (spec sections 3, 4 and 7; docs/decisions/016, 017 and 034): kinds, methods per market and kind,
// the wallet applied first, attempts through the market's provider, webhooks processed once, saved cards, financing.
// Each concept lives in its own file of this folder; this one composes them into the service app.ts builds.
import { paymentAttempts } from './attempts.ts';
import { paymentCards } from './cards.ts';
import { paymentsContext } from './context.ts';
import { paymentFinancing } from './financing.ts';
import { paymentIntents } from './intents.ts';
import type { PaymentsDeps } from './model.ts';
import { paymentRefunds } from './refunds.ts';
import { paymentWallet } from './wallet.ts';
import { paymentWebhooks } from './webhooks.ts';

export type {
  PayableCart,
  PayableOrder,
  PaymentCaller,
  PaymentProviders,
  PaymentsDeps,
  PaymentView,
} from './model.ts';
export { paymentView } from './model.ts';

export function paymentsService(deps: PaymentsDeps) {
  const ctx = paymentsContext(deps);
  const { spendWallet, walletBalance } = paymentWallet(ctx);
  const attempts = paymentAttempts(ctx, { spendWallet });
  return {
    ...attempts,
    ...paymentIntents(ctx, attempts, { spendWallet }),
    ...paymentFinancing(ctx),
    ...paymentWebhooks(ctx),
    ...paymentCards(ctx),
    walletBalance,
    ...paymentRefunds(ctx),
  };
}
export type PaymentsService = ReturnType<typeof paymentsService>;
