import { index, layout, prefix, type RouteConfig, route } from '@react-router/dev/routes';

// Every page lives under the optional locale segment (spec section 2); the root middleware redirects any
// request without a valid, canonical segment, so pages always get one.
export default [
  route('preferences', 'routes/preferences.ts'),
  route('logout', 'routes/logout.ts'),
  route('impersonation', 'routes/impersonation.ts'),
  route('translations', 'routes/translations.ts'),
  ...prefix(':locale?', [
    // The cart's resource route: forms post to `/{locale}/cart` (the page's market) and the side menu loads it.
    route('cart', 'routes/cart.ts'),
    layout('layouts/default.tsx', [
      index('routes/home.tsx'),
      route('login', 'routes/login.tsx'),
      route('create', 'routes/create.tsx'),
      route('reset-password/:token?', 'routes/reset-password.tsx'),
      route('confirm-email/:token?', 'routes/confirm-email.tsx'),
      route('dev/mailbox', 'routes/dev-mailbox.tsx'),
      route('admin', 'routes/admin.tsx'),
      route('admin/deliveries', 'routes/admin-deliveries.tsx'),
      route(':model/configurator', 'routes/configurator.tsx'),
      route('pre-summary', 'routes/pre-summary.tsx'),
      route('varg/stock-bikes', 'routes/varg-stock-bikes.tsx', { id: 'varg-stock-bikes' }),
      route('varg/stock-bikes/:id', 'routes/varg-stock-bikes-id.tsx', { id: 'varg-stock-bikes-id' }),
      route('parts-and-accessories/spare-parts', 'routes/spare-parts.tsx', { id: 'spare-parts' }),
      route('parts-and-accessories/spare-parts/:model', 'routes/spare-parts.tsx', { id: 'spare-parts-model' }),
      route('parts-and-accessories/spare-parts/:model/*', 'routes/spare-parts.tsx', { id: 'spare-parts-model-all' }),
      route('store', 'routes/store.tsx'),
      route('tutorials-and-technical', 'routes/tutorials-and-technical.tsx'),
      route('*', 'routes/not-found.tsx'),
    ]),
    layout('layouts/cabinet.tsx', [
      route('account', 'routes/account.tsx'),
      route('account/addresses', 'routes/account-addresses.tsx'),
      route('account/cards', 'routes/account-cards.tsx'),
      route('dealer', 'routes/dealer.tsx'),
      route('orders', 'routes/orders.tsx', { id: 'orders' }),
      route('orders/my', 'routes/orders-my.tsx'),
      route('orders/my/:vehicleOrderId', 'routes/orders-my-id.tsx'),
      route('orders/parts', 'routes/orders-parts.tsx'),
      route('orders/parts/:order', 'routes/orders-parts-id.tsx'),
      route('vehicles', 'routes/vehicles.tsx'),
      route('vehicles/transfer/:id', 'routes/vehicle-transfer.tsx'),
      route('mco-finder', 'routes/mco-finder.tsx'),
    ]),
    route('vehicles/:id/warranty-certificate', 'routes/vehicle-certificate.ts'),
    route('orders/invoice/:orderId', 'routes/orders-invoice.ts'),
    layout('layouts/footerless.tsx', [
      route('checkout', 'routes/checkout.tsx', { id: 'checkout' }),
      route('us-checkout', 'routes/checkout.tsx', { id: 'us-checkout' }),
      route('checkout/result', 'routes/checkout-result.tsx', { id: 'checkout-result' }),
      route('checkout/verify/:paymentId', 'routes/checkout-verify.tsx'),
      route('complete-order/:orderId', 'routes/complete-order.tsx'),
    ]),
    layout('layouts/fullscreen.tsx', []),
  ]),
] satisfies RouteConfig;
