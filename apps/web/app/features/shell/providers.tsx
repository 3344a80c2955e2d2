import {
  bodyHasOverlay,
  CLOSED_MENUS,
  closeAllMenus,
  type MenuKey,
  type MenuState,
  PAGE_VIEW_DELAY_MS,
  toggleMenu,
} from '@varg/domain';
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useLocation } from 'react-router';
import { useRootData } from '../../lib/use-locale.ts';
import { CookieConsent, readConsent } from './cookie-consent.tsx';
import { type Toast, Toasts } from './toasts.tsx';

const AlertModal = lazy(() => import('./alert-modal.tsx'));
const ConfirmModal = lazy(() => import('./confirm-modal.tsx'));
const LocaleModal = lazy(() => import('./locale-modal.tsx'));

export interface AlertOptions {
  error?: boolean;
  /** Defaults to the translated text_error / text_success. */
  title?: string;
  /** HTML; sanitised before it is shown. */
  description: string;
}

export interface ConfirmOptions {
  title: string;
  description?: string;
}

interface Shell {
  menus: MenuState;
  toggle(key: MenuKey | string, open?: boolean): void;
  closeAll(): void;
  toast(toast: Omit<Toast, 'id'>): void;
  alert(options: AlertOptions): void;
  confirm(options: ConfirmOptions): Promise<boolean>;
  openLocaleModal(): void;
}

const ShellContext = createContext<Shell | null>(null);

export function useShell(): Shell {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('useShell outside ShellProviders');
  return shell;
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

export function ShellProviders({ children }: { children: ReactNode }) {
  const [menus, setMenus] = useState<MenuState>(CLOSED_MENUS);
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [alert, setAlert] = useState<AlertOptions | null>(null);
  const [confirmState, setConfirmState] = useState<(ConfirmOptions & { resolve(v: boolean): void }) | null>(null);
  const [localeOpen, setLocaleOpen] = useState(false);
  const location = useLocation();
  const { locale } = useRootData();
  const nextToastId = useRef(1);

  // Menus close on navigation; a page view reaches the tag manager 250 ms after it (spec section 2).
  useEffect(() => {
    setMenus(closeAllMenus());
    const timer = window.setTimeout(() => {
      // Only with the visitor's consent to analytics (decision 047): otherwise nothing reaches the tag manager.
      if (readConsent() !== 'analytics') return;
      window.dataLayer = window.dataLayer ?? [];
      window.dataLayer.push({
        event: 'page_view',
        page_path: location.pathname + location.search,
        page_title: document.title,
        language: locale.lang,
        country: locale.country,
      });
    }, PAGE_VIEW_DELAY_MS);
    return () => window.clearTimeout(timer);
    // The locale's fields, not the object: revalidated root data (after a cart change) is no navigation.
  }, [location.pathname, location.search, locale.lang, locale.country]);

  // The main menu puts an overlay class on the body while it is open.
  useEffect(() => {
    document.body.classList.toggle('overlay', bodyHasOverlay(menus));
  }, [menus]);

  const toggle = useCallback((key: string, open?: boolean) => setMenus((m) => toggleMenu(m, key, open)), []);
  const closeAll = useCallback(() => setMenus(closeAllMenus()), []);
  const toast = useCallback((t: Omit<Toast, 'id'>) => {
    const id = nextToastId.current++;
    setToasts((list) => [...list, { ...t, id }]);
  }, []);
  const dismissToast = useCallback((id: number) => setToasts((list) => list.filter((t) => t.id !== id)), []);
  const confirm = useCallback(
    (options: ConfirmOptions) => new Promise<boolean>((resolve) => setConfirmState({ ...options, resolve })),
    [],
  );
  const shell = useMemo<Shell>(
    () => ({ menus, toggle, closeAll, toast, alert: setAlert, confirm, openLocaleModal: () => setLocaleOpen(true) }),
    [menus, toggle, closeAll, toast, confirm],
  );

  return (
    <ShellContext.Provider value={shell}>
      {children}
      <Toasts toasts={toasts} onDismiss={dismissToast} />
      <CookieConsent />
      <Suspense fallback={null}>
        {alert && <AlertModal {...alert} onClose={() => setAlert(null)} />}
        {confirmState && (
          <ConfirmModal
            title={confirmState.title}
            description={confirmState.description}
            onAnswer={(answer) => {
              confirmState.resolve(answer);
              setConfirmState(null);
            }}
          />
        )}
        {localeOpen && <LocaleModal onClose={() => setLocaleOpen(false)} />}
      </Suspense>
    </ShellContext.Provider>
  );
}
