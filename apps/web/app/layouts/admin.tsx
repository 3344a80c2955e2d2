import { NavLink, Outlet } from 'react-router';
import { ADMIN_SECTIONS } from '../features/admin/nav.ts';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { useLocalePath } from '../lib/use-locale.ts';
import { DefaultFrame } from './default.tsx';

// Every back-office page is for administrators (each page's loader and every API call check it again).
export const loader = guarded(['admin'], () => null);

/** The back office (decision 040): its sections beside the page, wide enough for dense tables. */
export default function AdminLayout() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  return (
    <DefaultFrame>
      <div className="mx-auto grid max-w-[96rem] gap-6 px-4 py-8 lg:grid-cols-[13rem_1fr]">
        <nav aria-label={t('admin_title')} className="min-w-0">
          <ul className="flex gap-1 overflow-x-auto lg:flex-col">
            {ADMIN_SECTIONS.map(([key, path]) => (
              <li key={path}>
                <NavLink
                  to={localePath(path)}
                  end={path === '/admin'}
                  className={({ isActive }) =>
                    `block rounded-lg px-3 py-1.5 text-sm font-medium whitespace-nowrap ${isActive ? 'bg-neutral-900 text-white' : 'hover:bg-neutral-100'}`
                  }
                >
                  {t(key)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <main id="main" className="flex min-w-0 flex-col gap-6">
          <Outlet />
        </main>
      </div>
    </DefaultFrame>
  );
}

// An error (a guard's 403, a failed loader) keeps the shop's frame and the visitor's language.
export { LayoutErrorBoundary as ErrorBoundary } from './default.tsx';
