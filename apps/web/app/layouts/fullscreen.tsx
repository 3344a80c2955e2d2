import { type HeadersFunction, Outlet } from 'react-router';
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

/**
 * This layout renders its pages' errors, so the error's own caching (the preorder page's 404 is `private, no-store`:
 * it differs by viewer) must reach the response; a page that renders keeps its own headers.
 */
export const headers: HeadersFunction = ({ errorHeaders }) => {
  const headers = new Headers();
  const cacheControl = errorHeaders?.get('Cache-Control');
  if (cacheControl) headers.set('Cache-Control', cacheControl);
  return headers;
};

// An error (a guard's 403, a failed loader) keeps the shop's frame and the visitor's language.
export { LayoutErrorBoundary as ErrorBoundary } from './default.tsx';
