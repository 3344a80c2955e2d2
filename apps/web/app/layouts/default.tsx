import { isRouteErrorResponse, Outlet, useRouteError } from 'react-router';
import { CartNotice } from '../features/cart/cart-notice.tsx';
import { ErrorPage } from '../features/shell/error-page.tsx';
import { Footer } from '../features/shell/footer.tsx';
import { Header } from '../features/shell/header.tsx';
import { ImpersonationBanner } from '../features/shell/impersonation-banner.tsx';
import { SiteBanners } from '../features/shell/site-banners.tsx';
import { SuggestedCountryBanner } from '../features/shell/suggested-country-banner.tsx';
import { useRootData } from '../lib/use-locale.ts';

/** Header, banner, page, footer: the storefront's ordinary frame. */
export function DefaultFrame({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <ImpersonationBanner />
      <SiteBanners />
      <SuggestedCountryBanner />
      <Header />
      <CartNotice />
      <div className="flex-1">{children}</div>
      <Footer />
    </div>
  );
}

export default function DefaultLayout() {
  return (
    <DefaultFrame>
      <Outlet />
    </DefaultFrame>
  );
}

/** Errors of pages in a layout keep the header and footer around the error page. */
export function LayoutErrorBoundary() {
  const error = useRouteError();
  const { segment } = useRootData();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <DefaultFrame>
      <ErrorPage error={error} status={status} homeHref={`/${segment}`} />
    </DefaultFrame>
  );
}

export { LayoutErrorBoundary as ErrorBoundary };
