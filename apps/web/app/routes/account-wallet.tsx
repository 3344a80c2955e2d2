import { formatLocaleSegment } from '@varg/domain';
import { useLoaderData } from 'react-router';
import { WalletPage } from '../features/wallet/wallet-page.tsx';
import { userApi } from '../lib/auth.server.ts';
import { localeContext, servicesContext } from '../lib/context.ts';
import { guarded } from '../lib/guards.server.ts';
import { pageMeta } from '../lib/page.ts';
import type { Route } from './+types/account-wallet';

// The customer's store credit (spec section 2 `account/wallet`; decision 051): balances, history, referral code.

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta(matches, location.pathname, 'wallet_title');

export const loader = guarded(['auth'], async ({ context, request }: Route.LoaderArgs) => {
  const api = userApi(context, request);
  const locale = context.get(localeContext);
  const { country } = locale;
  const url = new URL(request.url);
  const page = Math.max(1, Math.min(10_000, Number.parseInt(url.searchParams.get('page') ?? '1', 10) || 1));
  const [wallet, referral, currency] = await Promise.all([
    api.call('getUserWallet', { query: { page, limit: 20 } }),
    api.call('getUserReferral', {}),
    api
      .call('getCountryByCode', { path: { code: country } })
      .then((c) => c.currency.code)
      .catch(() => null),
  ]);
  // The public address, not this request's (a proxy may stand in front): where a friend signs up.
  const origin = context.get(servicesContext).config.publicUrl.replace(/\/+$/, '') || url.origin;
  const referralLink = `${origin}/${formatLocaleSegment(locale)}/create?ref=${encodeURIComponent(referral.code)}`;
  return { wallet, referral, referralLink, currency };
});

export default function AccountWallet() {
  return <WalletPage {...useLoaderData<typeof loader>()} />;
}
