import { Form, Link, useLocation } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { useLocalePath, useRootData } from '../../lib/use-locale.ts';

/** Turns in-context editing on or off for a translator (the editor's code loads only when it is on). */
function TranslatorSwitch() {
  const { t } = useTranslation();
  const { translatorMode } = useRootData();
  const location = useLocation();
  return (
    <Form method="post" action="/preferences" reloadDocument>
      <input type="hidden" name="intent" value="translator-mode" />
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
      <input type="hidden" name="value" value={translatorMode ? 'off' : 'on'} />
      <button
        type="submit"
        className="block w-full rounded-lg px-3 py-2 text-left text-sm font-medium hover:bg-neutral-100"
      >
        {t(translatorMode ? 'translator_off' : 'translator_toggle')}
      </button>
    </Form>
  );
}

const ITEM = 'block rounded-lg px-3 py-2 text-sm font-medium hover:bg-neutral-100';

/** The account menu's links, shown under the header's account button once it is opened (decision 068). */
export default function AccountMenuPanel() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const { user } = useRootData();
  // The signed-in user's pages; the roles' own desks only for those who have the role.
  const links = user
    ? (
        [
          ['/account', 'account_profile', true],
          ['/vehicles', 'vehicles_title', true],
          ['/mco-finder', 'mco_title', user.isMco],
          ['/compliance', 'compliance_title', user.isCompliance],
          ['/admin', 'admin_title', user.isAdmin && !user.mode],
        ] as const
      ).filter(([, , shown]) => shown)
    : [];
  return (
    <div
      id="account-menu"
      className="absolute right-0 z-40 mt-2 w-64 rounded-xl bg-white p-2 text-neutral-900 shadow-xl ring-1 ring-neutral-200"
    >
      {user ? (
        <>
          <p className="truncate px-3 pt-2 pb-1 text-xs text-neutral-600">
            {t('auth_signed_in_as', { email: user.email })}
          </p>
          {links.map(([path, key]) => (
            <Link key={path} to={localePath(path)} className={ITEM}>
              {t(key)}
            </Link>
          ))}
          {user.isTranslator && <TranslatorSwitch />}
          <Form method="post" action="/logout">
            <button
              type="submit"
              className="block w-full rounded-lg px-3 py-2 text-left text-sm font-medium hover:bg-neutral-100"
            >
              {t('auth_sign_out')}
            </button>
          </Form>
        </>
      ) : (
        <>
          <Link
            to={localePath('/login')}
            className="block rounded-lg px-3 py-2 text-sm font-semibold hover:bg-neutral-100"
          >
            {t('account_sign_in')}
          </Link>
          <Link to={localePath('/create')} className="block rounded-lg px-3 py-2 text-sm hover:bg-neutral-100">
            {t('auth_create_account')}
          </Link>
        </>
      )}
    </div>
  );
}
