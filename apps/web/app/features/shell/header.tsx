import { __iconData as globeIcon } from 'lucide-react/icons/globe';
import { __iconData as menuIcon } from 'lucide-react/icons/menu';
import { __iconData as shoppingBagIcon } from 'lucide-react/icons/shopping-bag';
import { __iconData as userIcon } from 'lucide-react/icons/user';
import { __iconData as xIcon } from 'lucide-react/icons/x';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { useLocalePath, useMarketingHref, useRootData } from '../../lib/use-locale.ts';
import { staticIcon } from '../../ui/icon.tsx';
import { useShell } from './providers.tsx';

const Globe = staticIcon(globeIcon);
const Menu = staticIcon(menuIcon);
const ShoppingBag = staticIcon(shoppingBagIcon);
const User = staticIcon(userIcon);
const X = staticIcon(xIcon);

const CartDrawer = lazy(() => import('./cart-drawer.tsx'));
// The account menu's links load when it is first opened, or as the pointer or keyboard reaches its button.
const loadAccountMenuPanel = () => import('./account-menu-panel.tsx');
const AccountMenuPanel = lazy(loadAccountMenuPanel);

/** The main menu: app pages, and the marketing site for what the app has no page for (the VARG SM, support). */
const NAV = [
  { key: 'nav_varg_mx', path: '/varg/configurator', app: true },
  { key: 'nav_varg_ex', path: '/varg-ex/configurator', app: true },
  { key: 'nav_varg_sm', path: '/stark-varg-sm', app: false },
  { key: 'nav_stock_bikes', path: '/varg/stock-bikes', app: true },
  { key: 'nav_parts', path: '/parts-and-accessories/spare-parts', app: true },
  { key: 'nav_store', path: '/store', app: true },
  { key: 'nav_support', path: '/support', app: false },
] as const;

export function LocaleButton({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  const { locale, countryLabel, languages } = useRootData();
  const { openLocaleModal } = useShell();
  const language = languages.find((l) => l.code === locale.lang);
  return (
    <button
      type="button"
      onClick={openLocaleModal}
      aria-haspopup="dialog"
      className={`items-center gap-1.5 rounded-full px-3 py-2 text-sm hover:bg-white/10 ${className || 'inline-flex'}`}
    >
      <Globe size={16} aria-hidden="true" />
      <span className="sr-only">{t('locale_change')}: </span>
      <span>
        {countryLabel} · {language?.nativeName ?? locale.lang}
      </span>
    </button>
  );
}

function AccountMenu() {
  const { t } = useTranslation();
  const { menus, toggle } = useShell();
  const localePath = useLocalePath();
  const { user } = useRootData();
  const ref = useRef<HTMLDivElement>(null);
  const open = menus.accountMenuOpen;
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) =>
      ref.current && !ref.current.contains(e.target as Node) && toggle('accountMenuOpen', false);
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && toggle('accountMenuOpen', false);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, toggle]);
  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        aria-expanded={open}
        aria-controls="account-menu"
        onClick={() => toggle('accountMenuOpen')}
        onPointerEnter={loadAccountMenuPanel}
        onFocus={loadAccountMenuPanel}
        className="relative rounded-full p-2 hover:bg-white/10"
      >
        {user?.avatarPath ? (
          <img
            src={localePath(user.avatarPath)}
            alt=""
            className="size-5 rounded-full object-cover"
            data-testid="header-avatar"
          />
        ) : (
          <User size={20} aria-hidden="true" />
        )}
        <span className="sr-only">{t('account_menu')}</span>
        {user && <span aria-hidden="true" className="absolute top-1.5 right-1.5 size-2 rounded-full bg-lime-300" />}
      </button>
      {open && (
        <Suspense fallback={null}>
          <AccountMenuPanel />
        </Suspense>
      )}
    </div>
  );
}

/** Opens the cart side menu; a badge shows how many items the cart holds. */
function CartButton({ onOpen }: { onOpen(): void }) {
  const { t } = useTranslation();
  const count = useRootData().cart?.count ?? 0;
  return (
    <button
      type="button"
      onClick={onOpen}
      className="relative rounded-full p-2 hover:bg-white/10"
      aria-haspopup="dialog"
      data-testid="cart-button"
    >
      <ShoppingBag size={20} aria-hidden="true" />
      <span className="sr-only">{count > 0 ? t('cart_menu_count', { count }) : t('cart_menu')}</span>
      {count > 0 && (
        <span
          aria-hidden="true"
          data-testid="cart-count"
          className="absolute -top-0.5 -right-0.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-lime-300 px-1 text-xs font-bold text-neutral-950"
        >
          {count > 99 ? '99+' : count}
        </span>
      )}
    </button>
  );
}

export function Header({ minimal = false }: { minimal?: boolean }) {
  const { t } = useTranslation();
  const { menus, toggle } = useShell();
  const localePath = useLocalePath();
  const marketing = useMarketingHref();
  // Links to the marketing site only where one is configured or the app has the page (no dead ends).
  const nav = NAV.flatMap((m) => {
    const href = m.app ? '' : marketing(m.path);
    return href === null ? [] : [{ ...m, href }];
  });
  return (
    <header className="relative z-30 bg-neutral-950 text-white">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-neutral-900"
      >
        {t('skip_to_content')}
      </a>
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4">
        {!minimal && (
          <button
            type="button"
            className="rounded-full p-2 hover:bg-white/10 xl:hidden"
            aria-expanded={menus.mainMenu}
            aria-controls="main-menu"
            onClick={() => toggle('mainMenu')}
          >
            {menus.mainMenu ? <X size={22} aria-hidden="true" /> : <Menu size={22} aria-hidden="true" />}
            <span className="sr-only">{t(menus.mainMenu ? 'menu_close' : 'menu_open')}</span>
          </button>
        )}
        <Link
          to={localePath('/')}
          className="mr-4 text-xl font-black tracking-[0.3em]"
          aria-label={`${t('app_name')} – ${t('nav_home')}`}
        >
          {t('app_name')}
        </Link>
        {!minimal && (
          <nav aria-label={t('nav_main_menu')} className="hidden flex-1 xl:block">
            <ul className="flex items-center gap-1 text-sm font-medium">
              {nav.map((m) => (
                <li key={m.key}>
                  {m.app ? (
                    <Link
                      to={localePath(m.path)}
                      className="rounded-full px-2 py-2 whitespace-nowrap hover:bg-white/10"
                    >
                      {t(m.key)}
                    </Link>
                  ) : (
                    <a href={m.href} className="rounded-full px-2 py-2 whitespace-nowrap hover:bg-white/10">
                      {t(m.key)}
                    </a>
                  )}
                </li>
              ))}
            </ul>
          </nav>
        )}
        <div className="ml-auto flex items-center gap-1">
          <LocaleButton className="hidden sm:inline-flex" />
          {!minimal && <AccountMenu />}
          {!minimal && <CartButton onOpen={() => toggle('cartMenuOpen', true)} />}
        </div>
      </div>
      {!minimal && menus.mainMenu && (
        <nav
          id="main-menu"
          aria-label={t('nav_main_menu')}
          className="absolute inset-x-0 top-16 border-t border-white/10 bg-neutral-950 px-4 pb-6 xl:hidden"
        >
          <ul className="flex flex-col py-2 text-lg font-medium">
            {nav.map((m) => (
              <li key={m.key}>
                {m.app ? (
                  <Link to={localePath(m.path)} className="block py-3">
                    {t(m.key)}
                  </Link>
                ) : (
                  <a href={m.href} className="block py-3">
                    {t(m.key)}
                  </a>
                )}
              </li>
            ))}
          </ul>
          <LocaleButton className="-ml-3 inline-flex" />
        </nav>
      )}
      {menus.cartMenuOpen && (
        <Suspense fallback={null}>
          <CartDrawer onClose={() => toggle('cartMenuOpen', false)} />
        </Suspense>
      )}
    </header>
  );
}
