// Saved cards (spec: GET stripe/cards, DELETE stripe/card, POST stripe/setup), the sandbox's card form for a setup
// intent, and what the browser needs of the market's provider (its public key, the methods it takes).
import { type AllowedMethod, offeredKinds, type PaymentKindOption } from '@varg/domain';
import { ApiError } from '../../lib/api-error.ts';
import type { CardInput } from '../../providers/payments/interface.ts';
import type { PaymentsContext } from './context.ts';

export function paymentCards(ctx: PaymentsContext) {
  const { repo, providers, providerFor, customerFor, offered, providerCall } = ctx;
  return {
    async cards(userId: string, country: string) {
      const provider = providers.forCountry(country);
      if (!provider) return [];
      const ref = await repo.customerRef(userId, provider.name, country);
      if (!ref) return [];
      return providerCall(() => provider.listCards(ref, country));
    },

    async deleteCard(userId: string, country: string, id: string) {
      const provider = providers.forCountry(country);
      if (!provider) throw new ApiError('CARD_NOT_FOUND');
      const ref = await repo.customerRef(userId, provider.name, country);
      if (!ref || !(await providerCall(() => provider.detachCard(ref, country, id))))
        throw new ApiError('CARD_NOT_FOUND');
      return { deleted: true };
    },

    async setupCard(userId: string, country: string) {
      const provider = providerFor(country);
      const ref = await providerCall(() => customerFor(userId, provider, country));
      return providerCall(() => provider.createSetupIntent({ customerRef: ref, country, method: 'card' }));
    },

    /** The sandbox's card form for a setup intent (Stripe.js does this in the browser). */
    async sandboxConfirmSetup(userId: string, country: string, clientSecret: string, card: CardInput) {
      const sandbox = providers.sandbox;
      if (!sandbox || providers.forCountry(country)?.name !== 'sandbox') throw new ApiError('NOT_FOUND');
      const ref = await repo.customerRef(userId, 'sandbox', country);
      // Only the caller's own setup intent: another customer's secret fails like a wrong one.
      const result = await sandbox.confirmSetup(clientSecret, card, ref ?? '');
      if ('failureCode' in result) return { card: null, failureCode: result.failureCode };
      return { card: result, failureCode: null };
    },

    /** The checkout's methods as the market's provider takes them. */
    offeredMethods(country: string, methods: AllowedMethod[]) {
      return offered(country, methods);
    },

    /** The checkout's payment kinds as the market offers them (decision 054). */
    offeredKinds(country: string, kinds: PaymentKindOption[]) {
      return offeredKinds(kinds, ctx.deps.marketSettings?.(country) ?? null);
    },

    publicKey(country: string | undefined) {
      return { public_key: providers.forCountry(country ?? 'US')?.publicKey(country ?? 'US') ?? null };
    },
  };
}
export type PaymentCards = ReturnType<typeof paymentCards>;
