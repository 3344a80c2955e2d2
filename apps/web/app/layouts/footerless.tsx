import { Outlet } from 'react-router';
import { Header } from '../features/shell/header.tsx';
import { ImpersonationBanner } from '../features/shell/impersonation-banner.tsx';
import { SuggestedCountryBanner } from '../features/shell/suggested-country-banner.tsx';

/** Header without footer, for focused flows such as checkout. */
export default function FooterlessLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <ImpersonationBanner />
      <SuggestedCountryBanner />
      <Header minimal />
      <div className="flex-1">
        <Outlet />
      </div>
    </div>
  );
}

// An error (a guard's 403, a failed loader) keeps the shop's frame and the visitor's language.
export { LayoutErrorBoundary as ErrorBoundary } from './default.tsx';
