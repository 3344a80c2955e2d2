import { checkoutPath, formatLocaleSegment, localizedPath, US_STATES } from '@varg/domain';
import { formatPercent } from '@varg/i18n';
import { Loader2, Lock } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import {
  data,
  Form,
  Link,
  redirect,
  type ShouldRevalidateFunction,
  useActionData,
  useFetcher,
  useLoaderData,
  useLocation,
  useNavigation,
  useSearchParams,
} from 'react-router';
import { payOrder, readPaymentChoice, savedCards, stripeKey } from '../features/checkout/checkout.server.ts';
import { PaymentFields, PaymentKinds, WalletToggle } from '../features/checkout/payment-fields.tsx';
import { useStripePay } from '../features/checkout/stripe-pay.tsx';
import type { CheckoutData, SavedAddressView } from '../features/checkout/types.ts';
import { money } from '../features/configurator/price.tsx';
import { formatIsoDate } from '../features/stock-bikes/format.ts';
import { isApiRequestError } from '../lib/api.ts';
import type { CallArgs } from '../lib/api-call.ts';
import { authContext, signIn, userApi } from '../lib/auth.server.ts';
import { cartCookie, cartIdFrom } from '../lib/cart.server.ts';
import { localeContext } from '../lib/context.ts';
import { captchaOf } from '../lib/forms.server.ts';
import { countryName, useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocale, useLocalePath, useRootData } from '../lib/use-locale.ts';
import { buttonClass } from '../ui/button.ts';
import { CaptchaField } from '../ui/captcha.tsx';
import { Field, FormMessage } from '../ui/field.tsx';
import type { Route } from './+types/checkout';

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'checkout_title');

/** Setup input from the form as it is now (also used to re-price while the buyer types). */
/**
 * What POST /v1/checkout answers (postCheckout). Its response schema, and setup's (CheckoutData), are open objects in
 * the API, so this page still names the shapes it reads (decision 036: loose schemas, to be tightened).
 */
interface CheckoutConfirm {
  order: { _id: string } | null;
  storeOrder: { _id: string } | null;
  token: string | null;
  refresh_token: string | null;
  isNewUser: boolean;
}

function setupBody(form: FormData, country: string) {
  const addressId = String(form.get('address_id') ?? 'new');
  const company = form.get('company') === 'on';
  return {
    ...(addressId !== 'new' && addressId
      ? { addressId }
      : {
          shippingAddress: {
            country,
            line_1: String(form.get('line_1') ?? '').trim() || undefined,
            line_2: String(form.get('line_2') ?? '').trim() || undefined,
            postal_code: String(form.get('postal_code') ?? '').trim() || undefined,
            city: String(form.get('city') ?? '').trim() || undefined,
            state: String(form.get('state') ?? '').trim() || undefined,
          },
        }),
    ...(form.get('shipping_method') ? { shippingMethod: String(form.get('shipping_method')) } : {}),
    ...(form.get('payment_kind') ? { paymentKind: String(form.get('payment_kind')) } : {}),
    useWallet: form.get('use_wallet') === 'on',
    billing: {
      buyingForACompany: company,
      ...(company
        ? {
            companyName: String(form.get('company_name') ?? '').trim(),
            companyId: String(form.get('vat_id') ?? '')
              .replace(/\s+/g, '')
              .toUpperCase(),
          }
        : {}),
      ...(form.get('customer_tax_id') ? { customerTaxId: String(form.get('customer_tax_id')).trim() } : {}),
    },
  };
}

/** A re-price (the `setup` fetcher) answers the new summary itself: the page's data needs no reload for it. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  formData?.get('intent') === 'setup' ? false : defaultShouldRevalidate;

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const locale = context.get(localeContext);
  const auth = context.get(authContext);
  const api = userApi(context, request);
  const at = (path: string) => localizedPath(locale, path);
  const orderId = url.searchParams.get('orderId');
  // Spec section 4: with completeOrderId the checkout goes to its result.
  const completeOrderId = url.searchParams.get('completeOrderId');
  if (completeOrderId)
    throw redirect(`${at('/checkout/result')}?completeOrderId=${encodeURIComponent(completeOrderId)}`);

  // Paying an order made before (a failed or abandoned payment) is the order's own payment page (spec:
  // /complete-order/{orderId}); the reason of a failure goes along.
  if (orderId) {
    const keep = new URLSearchParams();
    for (const name of ['payment', 'code']) {
      const value = url.searchParams.get(name);
      if (value) keep.set(name, value);
    }
    const query = keep.toString();
    throw redirect(`${at(`/complete-order/${encodeURIComponent(orderId)}`)}${query ? `?${query}` : ''}`);
  }

  const cartId = cartIdFrom(request);
  const cart = await api
    .call('getCart', { query: { country: locale.country, ...(cartId ? { cartId } : {}) } })
    .catch((error: unknown) => {
      if (isApiRequestError(error) && error.status < 500) return null;
      throw error;
    });
  const hasItems = !!cart && cart.items.length + cart.storeItems.length > 0;
  if (!cart || !hasItems) return { mode: 'empty' as const };

  // Spec section 4: dealers and administrators acting as customers use /checkout; US buyers /us-checkout.
  const user = auth.user as { isDealer?: boolean; mode?: string } | null;
  const path = checkoutPath({
    country: locale.country,
    isDealer: !!user?.isDealer,
    isImpersonating: user?.mode === 'demo_user',
    hasItems,
    hasOrder: false,
  });
  // Also for the `.data` requests of client navigations and revalidations.
  const here = url.pathname.replace(/\.data$/, '').endsWith('/us-checkout') ? '/us-checkout' : '/checkout';
  if (path !== here) throw redirect(at(path));

  const addresses = auth.user
    ? await api
        .call('getV2Address')
        .then((r) => r.addresses.filter((a) => a.country === locale.country))
        .catch(() => [] as SavedAddressView[])
    : [];
  const first = addresses[0];
  const setup = (await api.call('postCheckoutSetupByCartId', {
    path: { cartId: cart._id },
    body: first ? { addressId: first._id } : { shippingAddress: { country: locale.country } },
  })) as unknown as CheckoutData;
  const me = auth.user as { name?: string; secondName?: string; email?: string; phone?: string } | null;
  const [cards, publicKey] = await Promise.all([
    savedCards(api, locale.country, !!auth.user),
    stripeKey(api, locale.country),
  ]);
  return {
    mode: 'cart' as const,
    cartId: cart._id,
    setup,
    addresses,
    cards,
    stripeKey: publicKey,
    prefill: {
      first_name: me?.name ?? '',
      last_name: me?.secondName ?? '',
      email: me?.email ?? '',
      phone: me?.phone ?? '',
    },
    signedIn: !!auth.user,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const locale = context.get(localeContext);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  const api = userApi(context, request);
  const country = locale.country;
  try {
    if (intent === 'setup') {
      const cartId = String(form.get('cart_id') ?? '');
      const body = setupBody(form, country);
      return {
        setup: (await api.call('postCheckoutSetupByCartId', { path: { cartId }, body })) as unknown as CheckoutData,
      };
    }
    if (intent !== 'confirm') return data({ formError: null, code: 'unknow_error' }, { status: 400 });

    const body = setupBody(form, country);
    const company = body.billing.buyingForACompany;
    // The form's new address may lack fields: the API refuses it with a 400 the page shows.
    const confirm = (await api.call('postCheckout', {
      body: {
        cart_id: String(form.get('cart_id') ?? ''),
        first_name: String(form.get('first_name') ?? ''),
        last_name: String(form.get('last_name') ?? ''),
        email: String(form.get('email') ?? ''),
        phone: String(form.get('phone') ?? ''),
        ...('addressId' in body ? { address_id: body.addressId } : { address_input: body.shippingAddress }),
        shipping_method: String(form.get('shipping_method') ?? ''),
        language: locale.lang,
        ...(company
          ? { company_info: { name: body.billing.companyName ?? '', billing_id: body.billing.companyId ?? '' } }
          : { billing_info: { use_contact_info: true } }),
        ...(body.billing.customerTaxId ? { customer_tax_id: body.billing.customerTaxId } : {}),
        customer_order_reference: String(form.get('customer_order_reference') ?? ''),
        // A buyer without an account confirms with the captcha's token (decision 027).
        ...captchaOf(form),
      } as CallArgs<'postCheckout'>['body'],
    })) as unknown as CheckoutConfirm;
    // A buyer without an account now has one: the returned session signs them in (spec section 4).
    if (confirm.token && confirm.refresh_token)
      signIn(context, request, {
        token: confirm.token,
        refresh_token: confirm.refresh_token,
        token_type: 'Bearer',
        expires_in: 900,
      });
    // A mixed purchase made a vehicle order and a store order: both are paid, one after the other.
    const targets = [
      ...(confirm.order ? [{ orderId: confirm.order._id, store: false }] : []),
      ...(confirm.storeOrder ? [{ orderId: confirm.storeOrder._id, store: true }] : []),
    ];
    const buyer = userApi(context, request);
    const choice = readPaymentChoice(form, String(form.get('email') ?? ''));
    let next = '';
    for (const target of targets) {
      // The parts of a mixed purchase are paid in full by card (or a card wallet) — else from their order page.
      const own = target.store && targets.length === 2 ? { ...choice, kind: 'full', useWallet: false } : choice;
      if (target.store && targets.length === 2 && !['card', 'google_pay', 'apple_pay', 'sepa'].includes(choice.method))
        break;
      const paid = await payOrder(buyer, locale, { ...target, choice: own });
      // Stripe.js confirms in the browser; the cart is an order now.
      if (paid.stripe) return data({ stripe: paid.stripe }, { headers: { 'set-cookie': cartCookie(request, null) } });
      next = paid.url;
      if (!paid.done) break;
    }
    if (targets.length === 2 && next.includes('/checkout/result'))
      next = `${localizedPath(locale, '/checkout/result')}?orderId=${confirm.order?._id}&storeOrderId=${confirm.storeOrder?._id}`;
    throw redirect(next, { headers: { 'set-cookie': cartCookie(request, null) } });
  } catch (error) {
    if (!isApiRequestError(error)) throw error;
    return data({ formError: error.message, code: error.code }, { status: error.status });
  }
}

function Summary({ setup }: { setup: CheckoutData }) {
  const { t } = useTranslation();
  const tag = formatLocaleSegment(useLocale());
  const m = (amount: number) => money(amount, setup.currency, tag);
  const { taxes } = setup.pricing;
  return (
    <section aria-labelledby="summary" className="rounded-2xl bg-neutral-100 p-6">
      <h2 id="summary" className="text-lg font-semibold">
        {t('checkout_summary')}
      </h2>
      <ul className="mt-4 divide-y divide-neutral-200">
        {setup.lines.map((line) => (
          <li key={line.id} className="flex justify-between gap-4 py-3 text-sm">
            <span>
              {line.quantity} × {line.name || t(line.nameKey)}
              {!line.available ? <span className="block text-red-700">{t('checkout_line_unavailable')}</span> : null}
            </span>
            <span className="shrink-0">{m(line.total)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-4 grid grid-cols-[1fr_auto] gap-y-1.5 text-sm">
        <dt>{t('checkout_subtotal')}</dt>
        <dd className="text-right">{m(setup.pricing.subtotal)}</dd>
        <dt>{t('checkout_shipping')}</dt>
        <dd className="text-right">{setup.pricing.shipping ? m(setup.pricing.shipping) : t('checkout_free')}</dd>
        {taxes.reverseCharge ? (
          <>
            <dt>{t('checkout_reverse_charge')}</dt>
            <dd className="text-right">{m(0)}</dd>
          </>
        ) : taxes.strategy.displayExcludingTaxes && taxes.errorCode === 'INVALID_POSTAL_CODE' ? (
          // No state or ZIP code yet: the tax is not known, rather than 0 %.
          <>
            <dt>{t('checkout_sales_tax_title')}</dt>
            <dd className="text-right text-neutral-600">{t('checkout_tax_after_address')}</dd>
          </>
        ) : (
          <>
            <dt>
              {taxes.strategy.displayExcludingTaxes
                ? t('checkout_sales_tax', { rate: formatPercent(tag, taxes.rateBp / 100) })
                : t('checkout_vat_included', { rate: formatPercent(tag, taxes.rateBp / 100) })}
            </dt>
            <dd className="text-right">{m(taxes.amount)}</dd>
          </>
        )}
        <dt className="border-t border-neutral-300 pt-2 text-base font-bold">{t('checkout_total')}</dt>
        <dd className="border-t border-neutral-300 pt-2 text-right text-base font-bold" data-testid="checkout-total">
          {m(setup.pricing.total)}
        </dd>
        {setup.pricing.walletDiscount > 0 ? (
          <>
            <dt>{t('checkout_wallet_applied')}</dt>
            <dd className="text-right">−{m(setup.pricing.walletDiscount)}</dd>
          </>
        ) : null}
        {setup.pricing.toPay !== setup.pricing.total ? (
          <>
            <dt className="font-semibold">{t('checkout_due_now')}</dt>
            <dd className="text-right font-semibold" data-testid="checkout-due-now">
              {m(setup.pricing.toPay)}
            </dd>
            <dt className="text-neutral-600">{t('checkout_due_later')}</dt>
            <dd className="text-right text-neutral-600">
              {m(setup.pricing.total - setup.pricing.toPay - setup.pricing.walletDiscount)}
            </dd>
          </>
        ) : null}
      </dl>
      {taxes.noteKey ? <p className="mt-3 text-xs text-neutral-600">{t(taxes.noteKey)}</p> : null}
      {setup.deliveryDate ? (
        <p className="mt-3 text-sm text-neutral-700">
          {t('configurator_delivery', {
            date: formatIsoDate(setup.deliveryDate, tag),
          })}
        </p>
      ) : null}
    </section>
  );
}

export default function Checkout() {
  const { t } = useTranslation();
  const loaded = useLoaderData<typeof loader>();
  const to = useLocalePath();
  if (loaded.mode === 'empty')
    return (
      <main id="main" className="mx-auto max-w-2xl px-4 py-16 text-center">
        <h1 className="text-3xl font-black tracking-tight">{t('checkout_title')}</h1>
        <p className="mt-4 text-neutral-700">{t('checkout_empty')}</p>
        <div className="mt-8 flex justify-center gap-3">
          <Link to={to('/varg/configurator')} className={buttonClass.primary}>
            {t('model_configure', { model: t('model_varg_name') })}
          </Link>
          <Link to={to('/parts-and-accessories/spare-parts')} className={buttonClass.secondary}>
            {t('nav_parts')}
          </Link>
        </div>
      </main>
    );
  return <CheckoutForm {...loaded} />;
}

function CheckoutForm({
  cartId,
  setup: initial,
  addresses,
  cards,
  stripeKey,
  prefill,
  signedIn,
}: Extract<Awaited<ReturnType<typeof loader>>, { mode: 'cart' }>) {
  const { t } = useTranslation();
  const root = useRootData();
  const locale = useLocale();
  const tag = formatLocaleSegment(locale);
  const to = useLocalePath();
  const [params] = useSearchParams();
  const fetcher = useFetcher<typeof action>();
  const navigation = useNavigation();
  const setup: CheckoutData =
    fetcher.data && 'setup' in fetcher.data && fetcher.data.setup ? fetcher.data.setup : initial;
  const [addressId, setAddressId] = useState(addresses[0]?._id ?? 'new');
  const [company, setCompany] = useState(false);
  const [kind, setKind] = useState(initial.selectedPaymentKind);
  const [useWallet, setUseWallet] = useState(false);
  const us = locale.country === 'US';
  const stripePay = useStripePay(!!stripeKey, setup.pricing.toPay);
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<number | undefined>(undefined);
  const { pathname: checkoutAction } = useLocation();
  const busy = navigation.state === 'submitting';
  const country = countryName(
    locale.country,
    locale,
    root.countries.find((c) => c.code === locale.country)?.name ?? locale.country,
  );
  const taxError = setup.pricing.taxes.error;
  // The tax service cannot place an empty ZIP code either; the field shows that only once the buyer has typed one.
  const [postalTyped, setPostalTyped] = useState(false);
  const postalError =
    postalTyped && setup.pricing.taxes.errorCode === 'INVALID_POSTAL_CODE' ? (taxError ?? undefined) : undefined;

  // Spec section 4: re-price 500 ms after the last change to the address, billing or shipping method.
  function reprice() {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      const form = formRef.current;
      if (!form) return;
      const fd = new FormData(form);
      fd.set('intent', 'setup');
      // To this page's action by name: a re-price due while the order is being placed must not follow the buyer.
      fetcher.submit(fd, { method: 'post', action: checkoutAction });
    }, 500);
  }
  useEffect(() => () => window.clearTimeout(timer.current), []);

  return (
    <main id="main" className="mx-auto max-w-6xl px-4 py-8 lg:py-12">
      <h1 className="text-3xl font-black tracking-tight">{t(us ? 'us_checkout_title' : 'checkout_title')}</h1>
      {us ? <p className="mt-2 text-neutral-700">{t('us_checkout_intro')}</p> : null}
      {params.get('payment') === 'failed' ? (
        <div className="mt-4">
          <FormMessage tone="error">{t('payment_failure_card_declined')}</FormMessage>
        </div>
      ) : null}
      <CheckoutError />
      {!setup.available ? (
        <div className="mt-4">
          <FormMessage tone="error">{t(setup.error_t_key ?? 'checkout_cart_unavailable')}</FormMessage>
        </div>
      ) : null}
      <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <Form
          method="post"
          ref={formRef}
          onChange={reprice}
          // Placing the order cancels a re-price still waiting.
          onSubmit={(event) => {
            window.clearTimeout(timer.current);
            void stripePay.onSubmit(event);
          }}
          className="flex flex-col gap-10"
        >
          <input type="hidden" name="intent" value="confirm" />
          <input type="hidden" name="cart_id" value={cartId} />
          <fieldset className="grid gap-4 sm:grid-cols-2">
            <legend className="mb-2 text-lg font-semibold">{t('checkout_contact')}</legend>
            <Field
              label={t('auth_first_name')}
              name="first_name"
              autoComplete="given-name"
              defaultValue={prefill.first_name}
              required
            />
            <Field
              label={t('auth_last_name')}
              name="last_name"
              autoComplete="family-name"
              defaultValue={prefill.last_name}
              required
            />
            <Field
              label={t('auth_email')}
              name="email"
              type="email"
              autoComplete="email"
              defaultValue={prefill.email}
              required
              readOnly={signedIn}
            />
            <Field
              label={t('checkout_phone')}
              name="phone"
              type="tel"
              autoComplete="tel"
              defaultValue={prefill.phone}
              required
            />
            {!signedIn ? (
              <p className="text-sm text-neutral-600 sm:col-span-2">
                {t('checkout_account_hint')}{' '}
                <Link to={`${to('/login')}?from=${encodeURIComponent('/checkout')}`} className="underline">
                  {t('account_sign_in')}
                </Link>
              </p>
            ) : null}
          </fieldset>

          <fieldset className="flex flex-col gap-4">
            <legend className="mb-2 text-lg font-semibold">{t('checkout_shipping_address')}</legend>
            <p className="text-sm text-neutral-600">{t('checkout_country_note', { country })}</p>
            {addresses.length ? (
              <div className="flex flex-col gap-2">
                {addresses.map((a) => (
                  <label key={a._id} className="flex items-start gap-3 rounded-xl border border-neutral-200 p-3">
                    <input
                      type="radio"
                      name="address_id"
                      value={a._id}
                      checked={addressId === a._id}
                      onChange={() => setAddressId(a._id)}
                      className="mt-1"
                    />
                    <span>{a.formatted_address || `${a.line_1}, ${a.postal_code} ${a.city}`}</span>
                  </label>
                ))}
                <label className="flex items-center gap-3 rounded-xl border border-neutral-200 p-3">
                  <input
                    type="radio"
                    name="address_id"
                    value="new"
                    checked={addressId === 'new'}
                    onChange={() => setAddressId('new')}
                  />
                  {t('checkout_new_address')}
                </label>
              </div>
            ) : (
              <input type="hidden" name="address_id" value="new" />
            )}
            {addressId === 'new' ? (
              <div className="grid gap-4 sm:grid-cols-2">
                <Field
                  label={t('checkout_address_line1')}
                  name="line_1"
                  autoComplete="address-line1"
                  required
                  className="sm:col-span-2"
                />
                <Field
                  label={t('checkout_address_line2')}
                  name="line_2"
                  autoComplete="address-line2"
                  className="sm:col-span-2"
                />
                <Field label={t('checkout_city')} name="city" autoComplete="address-level2" required />
                {us ? <StateSelect /> : null}
                <Field
                  label={t(us ? 'checkout_zip_code' : 'checkout_postal_code')}
                  name="postal_code"
                  autoComplete="postal-code"
                  required
                  error={postalError}
                  onInput={(e) => setPostalTyped(e.currentTarget.value.trim() !== '')}
                  {...(us
                    ? { inputMode: 'numeric' as const, pattern: '\\d{5}(-\\d{4})?', hint: t('checkout_zip_hint') }
                    : {})}
                />
              </div>
            ) : null}
          </fieldset>

          <fieldset className="flex flex-col gap-4">
            <legend className="mb-2 text-lg font-semibold">{t('checkout_billing')}</legend>
            <label className="flex items-center gap-3">
              <input type="checkbox" name="company" checked={company} onChange={(e) => setCompany(e.target.checked)} />
              {t('checkout_buying_for_company')}
            </label>
            {company ? (
              <div className="grid gap-4 sm:grid-cols-2">
                <Field label={t('checkout_company_name')} name="company_name" autoComplete="organization" required />
                <Field label={t('checkout_vat_id')} name="vat_id" required hint={t(vatHint(setup.vat))} />
              </div>
            ) : null}
            {setup.pricing.customerTaxIdRequired ? (
              <Field label={t('checkout_customer_tax_id')} name="customer_tax_id" required />
            ) : null}
          </fieldset>

          <fieldset className="flex flex-col gap-3">
            <legend className="mb-2 text-lg font-semibold">{t('checkout_shipping_method')}</legend>
            {setup.shippingMethods.map((s) => (
              <label
                key={s._id}
                className="flex cursor-pointer items-start gap-3 rounded-xl border-2 border-neutral-200 p-4 has-checked:border-neutral-900"
              >
                <input
                  type="radio"
                  name="shipping_method"
                  value={s._id}
                  defaultChecked={s._id === setup.selectedShippingMethod}
                  className="mt-1"
                />
                <span className="flex-1">
                  <span className="block font-medium">{t(s.nameKey)}</span>
                  {s.pickup ? <span className="block text-sm text-neutral-600">{s.pickup.label}</span> : null}
                </span>
                <span className="text-sm">
                  {s.price.amount + s.extraFees.warehouse
                    ? money(s.price.amount + s.extraFees.warehouse, s.price.currencyCode, tag)
                    : t('checkout_free')}
                </span>
              </label>
            ))}
          </fieldset>

          <PaymentKinds
            kinds={setup.paymentKinds}
            value={setup.paymentKinds.some((k) => k.name === kind) ? kind : setup.selectedPaymentKind}
            onChange={setKind}
            amountOf={(k) =>
              money(
                k === 'deposit' ? Math.min(setup.pricing.deposit, setup.pricing.total) : setup.pricing.total,
                setup.currency,
                tag,
              )
            }
          />
          {signedIn ? (
            <WalletToggle
              balance={setup.pricing.walletBalance > 0 ? money(setup.pricing.walletBalance, setup.currency, tag) : null}
              checked={useWallet}
              onChange={setUseWallet}
            />
          ) : null}
          {/* Not keyed by the kind: a method chosen while the new kind is being priced is kept when it is allowed. */}
          <PaymentFields
            methods={setup.allowedMethods}
            savedCards={cards}
            covered={setup.pricing.toPay <= 0 && setup.pricing.walletDiscount > 0}
            currency={setup.currency}
            downPaymentMax={setup.pricing.total / 100}
            stripe={
              stripeKey
                ? {
                    publicKey: stripeKey,
                    amount: setup.pricing.toPay,
                    locale: locale.lang,
                    onReady: (handle) => {
                      stripePay.handle.current = handle;
                    },
                  }
                : undefined
            }
          />

          <Field
            label={t('checkout_order_reference')}
            name="customer_order_reference"
            maxLength={100}
            hint={t('checkout_order_reference_hint')}
          />

          {stripePay.error ? <FormMessage tone="error">{stripePay.error}</FormMessage> : null}
          {signedIn ? null : <CaptchaField action="checkout" />}
          <div className="flex flex-col gap-3">
            <button
              type="submit"
              className={`${buttonClass.primary} py-3 text-base`}
              disabled={busy || stripePay.busy || !setup.available}
            >
              {busy ? (
                <Loader2 size={18} className="animate-spin" aria-hidden="true" />
              ) : (
                <Lock size={18} aria-hidden="true" />
              )}
              {t('checkout_place_order', { amount: money(setup.pricing.toPay, setup.currency, tag) })}
            </button>
            <p className="text-xs text-neutral-600">
              {t('checkout_terms_note')}{' '}
              <Link to={to('/terms/sale')} target="_blank" className="underline underline-offset-2">
                {t('checkout_terms_link')}
              </Link>
            </p>
          </div>
        </Form>
        <div
          className="order-first lg:sticky lg:top-6 lg:order-none lg:self-start"
          aria-live="polite"
          aria-busy={fetcher.state !== 'idle'}
        >
          <Summary setup={setup} />
        </div>
      </div>
    </main>
  );
}

/**
 * What the checkout says of a company's VAT id: valid, not valid, or valid-looking but not confirmed by VIES (VIES
 * down, or a format check only, in production), when VAT is charged (decision 027).
 */
function vatHint(vat: CheckoutData['vat']): string {
  if (!vat.id) return 'checkout_vat_id_hint';
  if (vat.check === 'unavailable') return 'checkout_vat_id_unavailable';
  if (vat.check === 'format_only') return 'checkout_vat_id_unconfirmed';
  return vat.valid ? 'checkout_vat_id_valid' : 'checkout_vat_id_invalid';
}

/** The last confirm's error (the server's message in the buyer's language), above the form. */
function CheckoutError() {
  const navigation = useNavigation();
  const message = useActionDataSafe();
  if (navigation.state !== 'idle' || !message) return null;
  return (
    <div className="mt-4">
      <FormMessage tone="error">{message}</FormMessage>
    </div>
  );
}

function useActionDataSafe(): string | null {
  const { t } = useTranslation();
  const result = useActionData<typeof action>();
  if (!result || !('code' in result)) return null;
  return result.formError ? String(result.formError) : t('unknow_error');
}

/** US address format: the state by its USPS code. */
function StateSelect() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor="checkout-state" className="text-sm font-medium text-neutral-800">
        {t('checkout_state')}
      </label>
      <select
        id="checkout-state"
        name="state"
        required
        autoComplete="address-level1"
        defaultValue=""
        className="rounded-lg border border-neutral-300 bg-white px-3 py-2.5"
      >
        <option value="" disabled>
          {t('checkout_state_choose')}
        </option>
        {US_STATES.map((code) => (
          <option key={code} value={code}>
            {code}
          </option>
        ))}
      </select>
    </div>
  );
}
