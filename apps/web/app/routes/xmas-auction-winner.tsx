import { WinnerAddress } from '@varg/contracts';
import { formatLocaleSegment } from '@varg/domain';
import { data, Form, Link, useActionData, useLoaderData, useNavigation } from 'react-router';
import { isApiRequestError } from '../lib/api.ts';
import { authContext, userApi } from '../lib/auth.server.ts';
import { money } from '../lib/format.ts';
import { parseBody } from '../lib/forms.server.ts';
import { countryName, useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocale, useLocalePath, useRootData } from '../lib/use-locale.ts';
import { AddressFields } from '../ui/address-fields.tsx';
import { buttonClass } from '../ui/button.ts';
import { Field, FormMessage } from '../ui/field.tsx';
import type { Route } from './+types/xmas-auction-winner';

// Spec: /xmas-auction-winner — the winner of an axe opens the signed link of their e-mail (`?number=&hash=`), gives the
// shipping address once (POST axes/winners/address/{number}/{hash}) and pays the winning bid: the address makes an
// order, paid on /complete-order/{orderId} through the payments module (decision 021).

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'auction_winner_title');

const FIELDS = [
  'first_name',
  'last_name',
  'phone',
  'line_1',
  'line_2',
  'postal_code',
  'city',
  'state',
  'country',
] as const;

function linkOf(request: Request) {
  const url = new URL(request.url);
  const number = url.searchParams.get('number') ?? '';
  const hash = url.searchParams.get('hash') ?? '';
  return /^\d{1,4}$/.test(number) && /^[\w-]{43}$/.test(hash) ? { number: Number(number), hash } : null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const link = linkOf(request);
  const signedIn = Boolean(context.get(authContext).user);
  if (!link) return { winner: null, signedIn };
  try {
    const winner = await userApi(context, request).call('getAxesWinnersByNumberByHash', { path: link });
    return { winner, signedIn };
  } catch (error) {
    if (isApiRequestError(error) && error.status < 500) return { winner: null, signedIn };
    throw error;
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const link = linkOf(request);
  const form = await request.formData();
  const values = Object.fromEntries(FIELDS.map((f) => [f, String(form.get(f) ?? '').trim()]));
  if (!link) return data({ error: 'error_winner_link_invalid', values }, 404);
  const body = parseBody(WinnerAddress, values);
  if (!body.ok) return data({ error: 'error_validation', values }, 400);
  try {
    await userApi(context, request).call('postAxesWinnersAddressByNumberByHash', { path: link, body: body.data });
  } catch (error) {
    if (!isApiRequestError(error) || error.status >= 500) throw error;
    return data({ error: error.message, values }, error.status);
  }
  // The loader runs again after the action: the page then shows the address and the payment.
  return { error: null, values };
}

export default function XmasAuctionWinner() {
  const { t } = useTranslation();
  const { winner, signedIn } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const locale = useLocale();
  const localePath = useLocalePath();
  const { countries } = useRootData();
  const tag = formatLocaleSegment(locale);
  const values: Record<string, string> = result?.values ?? {};
  if (!winner) {
    return (
      <main id="main" className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-12">
        <h1 className="text-3xl font-bold tracking-tight">{t('auction_winner_title')}</h1>
        <FormMessage tone="error">{t('error_winner_link_invalid')}</FormMessage>
        <Link to={localePath('/xmas-auction')} className={`${buttonClass.secondary} self-start`}>
          {t('auction_title')}
        </Link>
      </main>
    );
  }
  const amount = money(winner.amount, winner.currency, tag);
  const sorted = countries
    .map((c) => ({ code: c.code, name: countryName(c.code, locale, c.name) }))
    .sort((a, b) => a.name.localeCompare(b.name, locale.lang));
  const payPath = `/complete-order/${winner.orderId}`;
  return (
    <main id="main" className="mx-auto flex w-full max-w-2xl flex-col gap-8 px-4 py-12">
      <header className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('auction_winner_title')}</h1>
        <p className="text-neutral-700">{t('auction_winner_won', { amount, number: winner.number })}</p>
      </header>
      {winner.address ? (
        <section aria-labelledby="winner-address" className="flex flex-col gap-4">
          <h2 id="winner-address" className="text-xl font-semibold">
            {t('auction_winner_address')}
          </h2>
          <p>{t('auction_winner_ships_to')}</p>
          <address className="not-italic text-neutral-800">
            {winner.address.first_name} {winner.address.last_name}
            <br />
            {winner.address.line_1}
            {winner.address.line_2 ? (
              <>
                <br />
                {winner.address.line_2}
              </>
            ) : null}
            <br />
            {winner.address.postal_code} {winner.address.city}
            {winner.address.state ? `, ${winner.address.state}` : ''}
            <br />
            {countryName(winner.address.country, locale, winner.address.country)}
          </address>
          {winner.paid ? (
            <FormMessage tone="success">{t('auction_winner_paid')}</FormMessage>
          ) : (
            <div className="flex flex-col gap-2">
              {!signedIn && <p className="text-sm text-neutral-700">{t('auction_winner_sign_in_note')}</p>}
              <Link
                to={signedIn ? localePath(payPath) : localePath(`/login?from=${encodeURIComponent(payPath)}`)}
                className={`${buttonClass.primary} self-start`}
              >
                {t('auction_winner_pay', { amount })}
              </Link>
            </div>
          )}
        </section>
      ) : (
        <Form method="post" className="flex flex-col gap-4" aria-labelledby="winner-address">
          <h2 id="winner-address" className="text-xl font-semibold">
            {t('auction_winner_address')}
          </h2>
          <p className="text-sm text-neutral-700">{t('auction_winner_address_once')}</p>
          {result?.error && <FormMessage tone="error">{t(result.error)}</FormMessage>}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label={t('auth_first_name')}
              name="first_name"
              required
              maxLength={80}
              autoComplete="given-name"
              defaultValue={values.first_name}
            />
            <Field
              label={t('auth_last_name')}
              name="last_name"
              required
              maxLength={80}
              autoComplete="family-name"
              defaultValue={values.last_name}
            />
          </div>
          <Field
            label={t('checkout_phone')}
            name="phone"
            type="tel"
            required
            maxLength={20}
            autoComplete="tel"
            defaultValue={values.phone}
          />
          <AddressFields
            names={{
              line1: 'line_1',
              line2: 'line_2',
              postalCode: 'postal_code',
              city: 'city',
              state: 'state',
              country: 'country',
            }}
            values={{ ...values, country: values.country || locale.country }}
            countries={sorted}
          />
          <button type="submit" className={`${buttonClass.primary} self-start`} disabled={navigation.state !== 'idle'}>
            {t('auction_winner_save')}
          </button>
        </Form>
      )}
    </main>
  );
}
