import { COOKIE, isInternalLink, localizedPath, uiLanguageFrom } from '@varg/domain';
import { data, redirect } from 'react-router';
import { authContext, userApi } from '../lib/auth.server.ts';
import { cartCalls } from '../lib/cart.server.ts';
import { preferenceCookie, TRANSLATOR_MODE_COOKIE } from '../lib/cookies.server.ts';
import { activeCountries, localeCookies } from '../lib/locale.server.ts';
import type { Route } from './+types/preferences';

/**
 * Stores a visitor preference. `locale`: the country and language chosen in the modal or the banner; answers
 * with a redirect to the same route under the new prefix. `dismiss-suggestion`: hides the banner for 30 days.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get('intent');
  const dismissed = preferenceCookie(
    request,
    COOKIE.suggestedCountryDismissed.name,
    '1',
    COOKIE.suggestedCountryDismissed.maxAge,
  );
  if (intent === 'translator-mode') {
    if (!context.get(authContext).user?.isTranslator)
      return data({ ok: false, error: 'error_forbidden' }, { status: 403 });
    const on = form.get('value') === 'on';
    const back = form.get('returnTo');
    return redirect(isInternalLink(back) ? back : '/', {
      status: 303,
      headers: { 'set-cookie': preferenceCookie(request, TRANSLATOR_MODE_COOKIE, on ? '1' : '', on ? 30 * 86400 : 0) },
    });
  }
  if (intent === 'dismiss-suggestion') {
    return data({ ok: true }, { headers: { 'set-cookie': dismissed } });
  }
  if (intent === 'locale') {
    const lang = uiLanguageFrom(String(form.get('lang') ?? ''));
    const country = String(form.get('country') ?? '').toUpperCase();
    const active = (await activeCountries(context)).some((c) => c.code === country);
    if (!lang || !active) return data({ ok: false, error: 'error_validation' }, { status: 400 });
    const returnTo = form.get('returnTo');
    const path = isInternalLink(returnTo) ? returnTo : '/';
    const user = context.get(authContext).user;
    if (user && (user.lang !== lang || user.country !== country)) {
      // Spec section 4: a signed-in user's new locale is saved to the profile.
      await userApi(context, request).call('putUserById', { path: { id: user._id }, body: { lang, country } });
    }
    // Spec section 4: changing the locale also moves the cart to the new country.
    const cart = cartCalls(context, request);
    if (cart.hasCart) await cart.call('putCart', { body: { country } }).catch(() => undefined);
    const headers = new Headers();
    for (const cookie of localeCookies(request, { lang, country })) headers.append('set-cookie', cookie);
    headers.append('set-cookie', dismissed);
    return redirect(localizedPath({ lang, country }, path), { status: 303, headers });
  }
  return data({ ok: false, error: 'error_bad_request' }, { status: 400 });
}
