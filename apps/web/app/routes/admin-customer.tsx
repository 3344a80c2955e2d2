import { minorUnitsFromDecimal } from '@varg/domain';
import { Form, Link, useActionData, useLoaderData, useNavigation } from 'react-router';
import { AuditTrail } from '../features/admin/audit-trail.tsx';
import {
  AccountActions,
  AddressesSection,
  ProfileSection,
  SessionsSection,
  VehiclesSection,
} from '../features/admin/people/account-sections.tsx';
import { type ActionResult, runAdminAction, useResultToast } from '../features/admin/people/action-result.ts';
import { WalletSection } from '../features/admin/people/wallet-section.tsx';
import { userApi } from '../lib/auth.server.ts';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocalePath } from '../lib/use-locale.ts';
import { buttonClass } from '../ui/button.ts';
import { FormMessage } from '../ui/field.tsx';
import type { Route } from './+types/admin-customer';

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'admin_customer_title');

/**
 * One person's account (issue 24 item 6, decision 044): profile, orders (the orders list searched by the address),
 * vehicles, addresses, wallet with a manual credit, sign-ins, confirmation e-mail, disable/enable, history.
 */
export const loader = guarded(['admin'], async ({ context, request, params }: Route.LoaderArgs) => {
  const api = userApi(context, request);
  const path = { id: params.id };
  const account = await api.call('getAdminCustomersById', { path });
  const [wallet, addresses, vehicles, trail, countries] = await Promise.all([
    api.call('getAdminCustomersByIdWallet', { path }),
    api.call('getAdminCustomersByIdAddresses', { path }),
    api.call('getAdminCustomersByIdVehicles', { path }),
    api.call('getAdminAuditByEntityTypeByEntityId', { path: { entityType: 'user', entityId: params.id } }),
    api.call('getCountry', { query: { limit: 300 } }),
  ]);
  // The credit is offered in the markets' currencies, the account's own country's first.
  const own = countries.docs.find((c) => c.code === account.country)?.currency.code ?? 'EUR';
  const currencies = [own, ...new Set(countries.docs.map((c) => c.currency.code).sort())].filter(
    (code, i, all) => all.indexOf(code) === i,
  );
  return {
    account,
    wallet,
    addresses: addresses.addresses,
    vehicles: vehicles.vehicles,
    trail: trail.docs,
    currencies,
  };
});

export const action = guarded(['admin'], async ({ context, request, params }: Route.ActionArgs) => {
  const api = userApi(context, request);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const path = { id: params.id };
  switch (intent) {
    case 'disable':
      return runAdminAction(intent, 'admin_customer_disabled_done', () =>
        api.call('postAdminCustomersByIdDisable', { path }),
      );
    case 'enable':
      return runAdminAction(intent, 'admin_customer_enabled_done', () =>
        api.call('postAdminCustomersByIdEnable', { path }),
      );
    case 'end-session':
      return runAdminAction(intent, 'admin_customer_session_ended', () =>
        api.call('deleteAdminCustomersByIdSessionsByFamilyId', {
          path: { ...path, familyId: String(form.get('familyId') ?? '') },
        }),
      );
    case 'end-sessions':
      return runAdminAction(intent, 'admin_customer_sessions_ended', () =>
        api.call('deleteAdminCustomersByIdSessions', { path }),
      );
    case 'resend':
      return runAdminAction(intent, 'admin_customer_resent', () =>
        api.call('postAdminCustomersByIdConfirmationEmail', { path }),
      );
    case 'credit':
      return runAdminAction(intent, 'admin_wallet_credited', () =>
        api.call('postAdminCustomersByIdWalletCredits', {
          path,
          // A decimal amount in minor units; anything else goes as typed and the API refuses it (the form keeps it).
          body: {
            amount: (minorUnitsFromDecimal(String(form.get('amount') ?? '')) ??
              String(form.get('amount') ?? '')) as number,
            currency: String(form.get('currency') ?? ''),
            reason: String(form.get('reason') ?? ''),
          },
        }),
      );
    default:
      return runAdminAction(intent, '', () => Promise.reject(new Error(`unknown intent ${intent}`)));
  }
});

export default function AdminCustomer() {
  const { t } = useTranslation();
  const { account, wallet, addresses, vehicles, trail, currencies } = useLoaderData<typeof loader>();
  const result = useActionData<ActionResult>();
  const navigation = useNavigation();
  const localePath = useLocalePath();
  useResultToast(result);
  const fullName = `${account.name} ${account.secondName}`.trim() || account.email;
  return (
    <div className="flex flex-col gap-8">
      <header className="flex flex-col gap-3">
        <Link to={localePath('/admin/customers')} className="text-sm underline underline-offset-4">
          {t('admin_nav_customers')}
        </Link>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-3xl font-bold tracking-tight break-words">{fullName}</h1>
          <div className="flex flex-wrap gap-2">
            <Link
              to={localePath(`/admin/orders?q=${encodeURIComponent(account.email)}`)}
              className={buttonClass.secondary}
            >
              {t('admin_customer_orders')}
            </Link>
            {account.actAs && (
              <Form method="post" action="/impersonation">
                <input type="hidden" name="intent" value="start" />
                <input type="hidden" name="userId" value={account._id} />
                <button type="submit" className={buttonClass.primary} disabled={navigation.state === 'submitting'}>
                  {t('admin_impersonate_button')}
                </button>
              </Form>
            )}
          </div>
        </div>
      </header>
      <div aria-live="polite">
        {result && !result.ok && <FormMessage tone="error">{result.error}</FormMessage>}
        {result?.ok && <FormMessage tone="success">{t(result.done)}</FormMessage>}
      </div>
      <div className="grid gap-8 xl:grid-cols-2">
        <ProfileSection account={account} />
        <AccountActions account={account} />
      </div>
      <WalletSection wallet={wallet} currencies={currencies} />
      <SessionsSection account={account} />
      <div className="grid gap-8 xl:grid-cols-2">
        <AddressesSection addresses={addresses} />
        <VehiclesSection vehicles={vehicles} />
      </div>
      <AuditTrail entries={trail} />
    </div>
  );
}
