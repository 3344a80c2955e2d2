// Business constants of spec section 9, in one place so every layer reads the same values.
const DAY = 24 * 60 * 60;

export const COOKIE = {
  /** Selected locale (`de-DE`), 365 days. */
  locale: { name: 'i18n_redirected', maxAge: 365 * DAY },
  /** Country and language of the selected locale as JSON `{country, lang}`, 30 days. */
  countryLang: { name: 'country_lang', maxAge: 30 * DAY },
  campaign: { name: 'sf-campaign', maxAge: 60 * DAY },
  cartId: { name: 'cart_id', maxAge: 30 * DAY },
  /** A guest's confirm key (decision 062): proves a retried confirm of the ordered cart is this browser's, 1 day. */
  checkoutKey: { name: 'checkout_key', maxAge: DAY },
  suggestedCountryDismissed: { name: 'suggested_country_dismissed', maxAge: 30 * DAY },
  /** Mobile deeplink recorded by `addCard`/`returnTo` and `returnTo` + part/warranty queries. */
  mobileDeeplink: { name: 'mobile_deeplink', maxAge: DAY },
  authPrefix: 'auth.',
  authToken: 'auth._token.local',
  authMaxAge: 365 * DAY,
} as const;

export const TOKEN_TYPE = 'Bearer';
export const DEFAULT_TIME_ZONE = 'Asia/Tokyo';
export const PAGE_VIEW_DELAY_MS = 250;
export const CHUNK_RELOAD_GUARD_MS = 60_000;
export const FETCH_MIN_PENDING_MS = 200;
export const CHECKOUT_SETUP_DEBOUNCE_MS = 500;
export const ITEM_ADDED_TOAST_MS = 1500;
export const COUNTRY_LIST_LIMIT = 300;
export const DEFAULT_CURRENCY = 'USD';
export const ACTIVE_STATUS = 1;
