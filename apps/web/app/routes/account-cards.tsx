import {
  COOKIE,
  cardBrandLabel,
  cardExpiry,
  isInternalLink,
  maskedCardNumber,
  parseCardExpiry,
  type SavedCard,
} from '@varg/domain';
import { lazy, Suspense, useState } from 'react';
import {
  data,
  Form,
  Link,
  redirect,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigation,
  useSubmit,
} from 'react-router';
import { CardFields } from '../features/checkout/card-fields.tsx';
import { stripeKey } from '../features/checkout/checkout.server.ts';
import { useShell } from '../features/shell/providers.tsx';
import { isApiRequestError } from '../lib/api.ts';
import { userApi } from '../lib/auth.server.ts';
import { localeContext } from '../lib/context.ts';
import { preferenceCookie, readCookies } from '../lib/cookies.server.ts';
import type { FieldErrors } from '../lib/forms.server.ts';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocale } from '../lib/use-locale.ts';
import { SubmitButton } from '../ui/account-fields.tsx';
import { buttonClass } from '../ui/button.ts';
import { FormMessage } from '../ui/field.tsx';
import type { Route } from './+types/account-cards';

// Stripe markets save a card through Stripe's Payment Element (loaded only there).
const StripeCardSetup = lazy(() => import('../features/checkout/stripe-card-setup.tsx'));

// The account's saved payment cards, per market (spec section 7: v1 stripe/cards, v2 stripe/setup): list, add through
// the sandbox's card form (it stands in for Stripe.js, which this build does not load), delete after a confirm.
// A mobile app opens this page with `?addCard=true&returnTo=…`: the form is open, and a saved card goes back there.

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta(matches, location.pathname, 'cards_title');

/** Failure codes of the card form that have their own message (`payment_failure_<code>`). */
const FAILURE_KEYS = new Set([
  'card_declined',
  'insufficient_funds',
  'expired_card',
  'incorrect_cvc',
  'invalid_number',
]);
/** Failures that belong to one field of the form. */
const FIELD_OF_FAILURE: Record<string, string> = {
  invalid_number: 'card_number',
  expired_card: 'card_exp',
  incorrect_cvc: 'card_cvc',
};

/**
 * The mobile deeplink recorded by the locale middleware (`{type: 'addCard', returnTo}`), when it asks for a card.
 * The middleware only records a safe `returnTo`; it is checked again here, as the cookie is readable by the page.
 */
function addCardDeeplink(request: Request): { returnTo: string } | null {
  const raw = readCookies(request)[COOKIE.mobileDeeplink.name];
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { type?: unknown; returnTo?: unknown };
    const returnTo = typeof value.returnTo === 'string' ? value.returnTo : '';
    if (value.type !== 'addCard' || !returnTo || returnTo.length > 512) return null;
    if (isInternalLink(returnTo)) return { returnTo };
    const { protocol } = new URL(returnTo);
    return /^(https?|javascript|data|file|vbscript):$/.test(protocol) ? null : { returnTo };
  } catch {
    return null;
  }
}

export const loader = guarded(['auth'], async ({ context, request }: Route.LoaderArgs) => {
  const api = userApi(context, request);
  const { country } = context.get(localeContext);
  const [cards, publicKey] = await Promise.all([
    api.call('getStripeCards', { query: { country } }),
    stripeKey(api, country),
  ]);
  // The query is read too: on the very first visit the middleware sets the cookie on this same response.
  const query = new URL(request.url).searchParams;
  const fromQuery = query.get('addCard') === 'true';
  const recorded = !!addCardDeeplink(request);
  // Back from Stripe's confirmSetup: the card is saved; opened from the app, back there.
  if (query.get('saved') === '1' && query.get('redirect_status') === 'succeeded') {
    const deeplink = addCardDeeplink(request);
    if (deeplink)
      throw redirect(deeplink.returnTo, {
        headers: { 'set-cookie': preferenceCookie(request, COOKIE.mobileDeeplink.name, '', 0) },
      });
  }
  const currency = publicKey
    ? await api
        .call('getCountryByCode', { path: { code: country } })
        .then((c) => c.currency.code)
        .catch(() => null)
    : null;
  return {
    cards,
    stripe: publicKey && currency ? { publicKey, currency } : null,
    savedAtStripe: query.get('saved') === '1' && query.get('redirect_status') === 'succeeded',
    openAdd: recorded || fromQuery,
    returnsToApp: recorded || (fromQuery && !!query.get('returnTo')),
  };
});

type ActionResult = {
  intent: 'add' | 'delete';
  errors: FieldErrors;
  /** A catalog key. */
  formError: string | null;
  /** The API's own message (already in the user's language) when there is no key for it. */
  formErrorText: string | null;
  saved: string | null;
  /** Changes on every card saved, so the form starts empty again. */
  formKey: string | null;
  /** The expiry typed, shown again after an error (also without JavaScript); the number and CVC never are. */
  values: Record<string, string>;
  /** Without JavaScript, deleting asks on the page first: the card to confirm. */
  confirmId: string | null;
};

export const action = guarded(['auth'], async ({ request, context }: Route.ActionArgs) => {
  const api = userApi(context, request);
  const { country } = context.get(localeContext);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? '');
  // Stripe markets: the SetupIntent whose secret Stripe.js confirms the card with (stripe-card-setup.tsx).
  if (intent === 'stripe-setup') {
    try {
      const { client_secret } = await api.call('postV2StripeSetup', { body: { country, method: 'card' } });
      return data({ clientSecret: client_secret, formErrorText: null });
    } catch (error) {
      if (!isApiRequestError(error)) throw error;
      return data({ clientSecret: undefined, formErrorText: error.message }, { status: error.status });
    }
  }
  const result = (r: Partial<ActionResult> & Pick<ActionResult, 'intent'>, status = 200) =>
    data<ActionResult>(
      {
        errors: {},
        formError: null,
        formErrorText: null,
        saved: null,
        formKey: null,
        values: {},
        confirmId: null,
        ...r,
      },
      { status },
    );
  const apiFailure = (intent: ActionResult['intent'], error: unknown, values: Record<string, string> = {}) => {
    if (!isApiRequestError(error)) throw error;
    const key =
      error.code === 'CARD_NOT_FOUND'
        ? 'cards_not_found'
        : error.code === 'PAYMENT_PROVIDER_ERROR' || error.code === 'NOT_FOUND'
          ? 'cards_failure_generic'
          : null;
    return result(
      { intent, values, ...(key ? { formError: key } : { formErrorText: error.message }) },
      error.status >= 500 ? 502 : error.status,
    );
  };

  if (intent === 'confirm-delete') {
    return result({ intent: 'delete', confirmId: String(form.get('id') ?? '') });
  }

  if (intent === 'delete') {
    try {
      await api.call('deleteStripeCard', { query: { country }, body: { id: String(form.get('id') ?? '') } });
      return result({ intent: 'delete', saved: 'cards_deleted' });
    } catch (error) {
      return apiFailure('delete', error);
    }
  }

  // Add a card: the setup intent, then the sandbox's card form with its client secret.
  const number = String(form.get('card_number') ?? '').replace(/[\s-]+/g, '');
  const expText = String(form.get('card_exp') ?? '').trim();
  const cvc = String(form.get('card_cvc') ?? '').trim();
  const values = { card_exp: expText.slice(0, 7) };
  const expiry = parseCardExpiry(expText);
  const errors: FieldErrors = {};
  if (!number) errors.card_number = 'form_required';
  else if (!/^\d{12,19}$/.test(number)) errors.card_number = 'cards_error_number';
  if (!expText) errors.card_exp = 'form_required';
  else if (!expiry) errors.card_exp = 'cards_error_exp';
  if (!cvc) errors.card_cvc = 'form_required';
  else if (!/^\d{3,4}$/.test(cvc)) errors.card_cvc = 'cards_error_cvc';
  if (!expiry || Object.keys(errors).length) return result({ intent: 'add', errors, values }, 400);

  try {
    const { client_secret } = await api.call('postV2StripeSetup', { body: { country, method: 'card' } });
    const outcome = await api.send<{ card: SavedCard | null; failureCode: string | null }>(
      'POST',
      '/v2/stripe/setup/sandbox-confirm',
      { country, client_secret, number, expMonth: expiry.month, expYear: expiry.year, cvc },
    );
    if (!outcome.card) {
      const code = outcome.failureCode ?? '';
      const key = FAILURE_KEYS.has(code) ? `payment_failure_${code}` : 'cards_failure_generic';
      const field = FIELD_OF_FAILURE[code];
      return result({ intent: 'add', values, ...(field ? { errors: { [field]: key } } : { formError: key }) }, 400);
    }
    // Opened from the app: back there, and the deeplink is done.
    const deeplink = addCardDeeplink(request);
    if (deeplink) {
      throw redirect(deeplink.returnTo, {
        headers: { 'set-cookie': preferenceCookie(request, COOKIE.mobileDeeplink.name, '', 0) },
      });
    }
    return result({ intent: 'add', saved: 'cards_saved', formKey: outcome.card.id });
  } catch (error) {
    if (error instanceof Response) throw error;
    return apiFailure('add', error, values);
  }
});

export default function AccountCards() {
  const { t } = useTranslation();
  const { cards, openAdd, returnsToApp, stripe, savedAtStripe } = useLoaderData<typeof loader>();
  const locale = useLocale();
  // Only the forms of this page post as a navigation; the Stripe setup posts through a fetcher.
  const result = useActionData<typeof action>() as ActionResult | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'add';
  // A new, empty (and closed) form after each card saved; after an error the form stays open as typed.
  const [formKey, setFormKey] = useState('new');
  if (result?.formKey && result.formKey !== formKey) setFormKey(result.formKey);
  const addResult = result?.intent === 'add' ? result : null;
  const failed =
    !!addResult && (!!addResult.formError || !!addResult.formErrorText || !!Object.keys(addResult.errors).length);
  // Errors show where they happened; a success (card saved or deleted) shows above the list it changed.
  const error = (intent: ActionResult['intent']) =>
    result?.intent === intent &&
    (result.formError || result.formErrorText) && (
      <FormMessage tone="error">{result.formError ? t(result.formError) : result.formErrorText}</FormMessage>
    );

  return (
    <div className="flex max-w-3xl flex-col gap-10">
      <h1 className="text-3xl font-bold tracking-tight">{t('cards_title')}</h1>
      <section aria-labelledby="saved-cards" className="flex flex-col gap-4">
        <h2 id="saved-cards" className="text-xl font-semibold">
          {t('cards_list_title')}
        </h2>
        {result?.saved && <FormMessage tone="success">{t(result.saved)}</FormMessage>}
        {savedAtStripe && !result ? <FormMessage tone="success">{t('cards_saved')}</FormMessage> : null}
        {error('delete')}
        {cards.length === 0 ? (
          <p className="text-neutral-600">{t('cards_empty')}</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2">
            {cards.map((card) => (
              <CardItem key={card.id} card={card} confirming={result?.confirmId === card.id} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="add-card" className="flex flex-col gap-4 border-t border-neutral-200 pt-8">
        <details key={formKey} open={openAdd || cards.length === 0 || failed} className="group flex flex-col gap-4">
          <summary className="flex cursor-pointer list-none items-center gap-2 rounded-lg py-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-neutral-900 [&::-webkit-details-marker]:hidden">
            <h2 id="add-card" className="text-xl font-semibold">
              {t('cards_add_title')}
            </h2>
            <span aria-hidden="true" className="text-xl text-neutral-500 transition-transform group-open:rotate-45">
              +
            </span>
          </summary>
          <div className="mt-2 flex flex-col gap-4">
            {error('add')}
            {returnsToApp && <FormMessage tone="info">{t('cards_deeplink_note')}</FormMessage>}
            {stripe ? (
              <Suspense fallback={<div className="min-h-24 animate-pulse rounded-lg bg-neutral-100" />}>
                <StripeCardSetup
                  publicKey={stripe.publicKey}
                  currency={stripe.currency}
                  locale={locale.lang}
                  label={t('checkout_card_number')}
                  saveLabel={t('cards_save')}
                />
              </Suspense>
            ) : (
              <CardForm errors={addResult?.errors ?? {}} values={addResult?.values ?? {}} busy={busy} />
            )}
          </div>
        </details>
      </section>
    </div>
  );
}

function CardItem({ card, confirming }: { card: SavedCard; confirming: boolean }) {
  const { t } = useTranslation();
  const { confirm } = useShell();
  const submit = useSubmit();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const deleting = navigation.state !== 'idle' && navigation.formData?.get('id') === card.id;
  const brand = cardBrandLabel(card.brand);
  const expiry = cardExpiry(card.exp_month, card.exp_year);
  const name = `${brand} ${t('cards_ending', { last4: card.last4 })}`;
  const deleteForm = (
    <>
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={card.id} />
    </>
  );
  return (
    <li className="flex flex-col justify-between gap-4 rounded-xl border border-neutral-200 bg-white p-4">
      <div className="flex flex-col gap-1">
        <span className="text-sm font-bold tracking-wide text-neutral-900">{brand}</span>
        <span className="font-mono text-base whitespace-nowrap text-neutral-900">
          <span aria-hidden="true">{maskedCardNumber(card.last4)}</span>
          <span className="sr-only">{t('cards_ending', { last4: card.last4 })}</span>
        </span>
        <span className="text-sm text-neutral-600">{t('cards_expires', { date: expiry })}</span>
      </div>
      {confirming ? (
        // The confirm step without JavaScript: the first submit only asked.
        <Form method="post" action={pathname} className="flex flex-col gap-3">
          <p role="status" className="text-sm font-medium text-neutral-900">
            {t('cards_delete_confirm')}
          </p>
          {deleteForm}
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={buttonClass.primary} disabled={deleting}>
              {t('cards_delete_yes')}
            </button>
            <Link to={pathname} className={buttonClass.secondary}>
              {t('cards_delete_cancel')}
            </Link>
          </div>
        </Form>
      ) : (
        <Form
          method="post"
          action={pathname}
          onSubmit={async (event) => {
            // With JavaScript, ask in the shell's confirm dialog; without it the page asks (intent confirm-delete).
            event.preventDefault();
            const yes = await confirm({ title: t('cards_delete_confirm'), description: `${name}, ${expiry}` });
            if (yes) await submit({ intent: 'delete', id: card.id }, { method: 'post', action: pathname });
          }}
        >
          <input type="hidden" name="intent" value="confirm-delete" />
          <input type="hidden" name="id" value={card.id} />
          <button
            type="submit"
            className={`${buttonClass.secondary} w-full sm:w-auto`}
            disabled={deleting}
            aria-label={t('cards_delete_label', { card: name })}
          >
            {t('cards_delete')}
          </button>
        </Form>
      )}
    </li>
  );
}

function CardForm({
  errors,
  values,
  busy,
}: {
  errors: Record<string, string | undefined>;
  values: Record<string, string | undefined>;
  busy: boolean;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    // Posted to the path without the deeplink query, so the saved card's redirect clears the deeplink for good.
    <Form method="post" action={pathname} className="flex flex-col gap-4" noValidate>
      <input type="hidden" name="intent" value="add" />
      <p className="rounded-lg border border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900">
        {t('cards_sandbox_note')}
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <CardFields errors={errors} values={values} numberClassName="sm:col-span-2" />
      </div>
      <div>
        <SubmitButton busy={busy} busyLabel={t('form_saving')}>
          {t('cards_save')}
        </SubmitButton>
      </div>
    </Form>
  );
}
