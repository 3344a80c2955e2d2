import { COOKIE, type SavedCard } from '@varg/domain';
import { lazy, Suspense, useState } from 'react';
import { data, redirect, useActionData, useLoaderData, useNavigation } from 'react-router';
import { CardForm, CardItem } from '../features/cards/card-items.tsx';
import {
  addCardDeeplink,
  type CardsActionData,
  cardFailure,
  cardsFailure,
  cardsResult,
  readCardForm,
} from '../features/cards/cards.server.ts';
import { stripeKey } from '../features/checkout/checkout.server.ts';
import { isApiRequestError } from '../lib/api.ts';
import { DEMO_PATHS } from '../lib/api-paths.ts';
import { userApi } from '../lib/auth.server.ts';
import { localeContext } from '../lib/context.ts';
import { preferenceCookie } from '../lib/cookies.server.ts';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocale } from '../lib/use-locale.ts';
import { FormMessage } from '../ui/field.tsx';
import type { Route } from './+types/account-cards';

// Stripe markets save a card through Stripe's Payment Element (loaded only there).
const StripeCardSetup = lazy(() => import('../features/checkout/stripe-card-setup.tsx'));

// The account's saved payment cards, per market (spec section 7: v1 stripe/cards, v2 stripe/setup): list, add through
// the sandbox's card form (it stands in for Stripe.js, which this build does not load), delete after a confirm.
// A mobile app opens this page with `?addCard=true&returnTo=…`: the form is open, and a saved card goes back there.

export const meta: Route.MetaFunction = ({ matches, location }) => pageMeta(matches, location.pathname, 'cards_title');

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
  if (intent === 'confirm-delete') return cardsResult({ intent: 'delete', confirmId: String(form.get('id') ?? '') });
  if (intent === 'delete') {
    try {
      await api.call('deleteStripeCard', { query: { country }, body: { id: String(form.get('id') ?? '') } });
      return cardsResult({ intent: 'delete', saved: 'cards_deleted' });
    } catch (error) {
      return cardsFailure('delete', error);
    }
  }

  // Add a card: the setup intent, then the sandbox's card form with its client secret.
  const read = readCardForm(form);
  if (!read.ok) return cardsResult({ intent: 'add', errors: read.errors, values: read.values }, 400);
  const { values } = read;
  try {
    const { client_secret } = await api.call('postV2StripeSetup', { body: { country, method: 'card' } });
    const outcome = await api.send<{ card: SavedCard | null; failureCode: string | null }>(
      'POST',
      DEMO_PATHS.sandboxCardConfirm,
      { country, client_secret, ...read.card },
    );
    if (!outcome.card) return cardsResult({ intent: 'add', values, ...cardFailure(outcome.failureCode ?? '') }, 400);
    // Opened from the app: back there, and the deeplink is done.
    const deeplink = addCardDeeplink(request);
    if (deeplink) {
      throw redirect(deeplink.returnTo, {
        headers: { 'set-cookie': preferenceCookie(request, COOKIE.mobileDeeplink.name, '', 0) },
      });
    }
    return cardsResult({ intent: 'add', saved: 'cards_saved', formKey: outcome.card.id });
  } catch (error) {
    if (error instanceof Response) throw error;
    return cardsFailure('add', error, values);
  }
});

export default function AccountCards() {
  const { t } = useTranslation();
  const { cards, openAdd, returnsToApp, stripe, savedAtStripe } = useLoaderData<typeof loader>();
  const locale = useLocale();
  // Only the forms of this page post as a navigation; the Stripe setup posts through a fetcher.
  const result = useActionData<typeof action>() as CardsActionData | undefined;
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'add';
  // A new, empty (and closed) form after each card saved; after an error the form stays open as typed.
  const [formKey, setFormKey] = useState('new');
  if (result?.formKey && result.formKey !== formKey) setFormKey(result.formKey);
  const addResult = result?.intent === 'add' ? result : null;
  const failed =
    !!addResult && (!!addResult.formError || !!addResult.formErrorText || !!Object.keys(addResult.errors).length);
  // Errors show where they happened; a success (card saved or deleted) shows above the list it changed.
  const error = (intent: CardsActionData['intent']) =>
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
