import { Outlet } from 'react-router';

/** No chrome at all: the page owns the whole viewport (configurators, auction). */
export default function FullscreenLayout() {
  return (
    <div className="min-h-dvh">
      <Outlet />
    </div>
  );
}

// An error (a guard's 403, a failed loader) keeps the shop's frame and the visitor's language.
export { LayoutErrorBoundary as ErrorBoundary } from './default.tsx';
