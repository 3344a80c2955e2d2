import { Outlet } from 'react-router';
import { ImpersonationBanner } from '../features/shell/impersonation-banner.tsx';

/**
 * No header, menus or footer: the page owns the whole viewport (decision 052: the preorder model's reveal and the
 * whitelist test page). The page gives its own way home; an administrator acting as a customer still sees the banner.
 */
export default function FullscreenLayout() {
  return (
    <div className="min-h-dvh">
      <ImpersonationBanner />
      <Outlet />
    </div>
  );
}

// An error (a guard's 403, a failed loader) keeps the shop's frame and the visitor's language.
export { LayoutErrorBoundary as ErrorBoundary } from './default.tsx';
