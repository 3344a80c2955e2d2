import { NavLink, Outlet } from 'react-router';
import { useTranslation } from '../lib/i18n.ts';
import { useLocalePath, useRootData } from '../lib/use-locale.ts';
import { DefaultFrame } from './default.tsx';

const ACCOUNT_LINKS = [
  ['account_profile', '/account'],
  ['account_addresses', '/account/addresses'],
  ['cards_nav', '/account/cards'],
  ['wallet_title', '/account/wallet'],
  ['account_my_orders', '/orders/my'],
  ['account_parts_orders', '/orders/parts'],
  ['vehicles_title', '/vehicles'],
] as const;
const MCO_LINKS = [['mco_title', '/mco-finder']] as const;
const COMPLIANCE_LINKS = [['compliance_title', '/compliance']] as const;
const APPLY_LINKS = [['become_dealer_title', '/become-dealer']] as const;
const DEALER_LINKS = [
  ['dealer_title', '/dealer'],
  ['orders_dealer_title', '/orders'],
  ['leads_title', '/leads'],
  ['invoices_title', '/invoices'],
] as const;
const LEAD_DEALER_LINKS = [['ledger_group_nav', '/invoices/group']] as const;

/** The account area (cabinet): the account menu beside the page. */
export default function CabinetLayout() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const { user } = useRootData();
  return (
    <DefaultFrame>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 md:grid-cols-[14rem_1fr]">
        {/* min-w-0: a long menu scrolls sideways on a phone instead of widening the page. */}
        <nav aria-label={t('account_menu')} className="min-w-0">
          <ul className="flex gap-2 overflow-x-auto md:flex-col">
            {[
              ...ACCOUNT_LINKS,
              ...(user?.hasDealerRole ? DEALER_LINKS : []),
              ...(user?.isLeadDealer ? LEAD_DEALER_LINKS : []),
              ...(user?.isMco ? MCO_LINKS : []),
              ...(user?.isCompliance ? COMPLIANCE_LINKS : []),
              // A pending applicant sees the request's state there; dealer pages wait for the approval.
              ...(user && !user.hasDealerRole ? APPLY_LINKS : []),
            ].map(([key, path]) => (
              <li key={key}>
                <NavLink
                  to={localePath(path)}
                  // An order's page keeps its list marked.
                  end={
                    !path.startsWith('/orders/') && path !== '/vehicles' && path !== '/leads' && path !== '/compliance'
                  }
                  className={({ isActive }) =>
                    `block rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap ${isActive ? 'bg-neutral-900 text-white' : 'hover:bg-neutral-100'}`
                  }
                >
                  {t(key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" className="min-w-0">
          <Outlet />
        </main>
      </div>
    </DefaultFrame>
  );
}

// An error (a guard's 403, a failed loader) keeps the shop's frame and the visitor's language.
export { LayoutErrorBoundary as ErrorBoundary } from './default.tsx';
