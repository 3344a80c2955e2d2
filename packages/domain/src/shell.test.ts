import { describe, expect, it } from 'vitest';
import {
  bodyHasOverlay,
  CLOSED_MENUS,
  COOKIE,
  closeAllMenus,
  errorPageMessage,
  isMarketingPath,
  marketingHandover,
  marketingUrl,
  toggleMenu,
} from './index.ts';

describe('menus', () => {
  it('toggle independently and close all at once', () => {
    const a = toggleMenu(CLOSED_MENUS, 'mainMenu');
    const b = toggleMenu(a, 'cartMenuOpen');
    expect(b).toEqual({ menu: false, mainMenu: true, accountMenuOpen: false, cartMenuOpen: true });
    expect(toggleMenu(b, 'mainMenu', true).mainMenu).toBe(true);
    expect(toggleMenu(b, 'mainMenu').mainMenu).toBe(false);
    expect(closeAllMenus()).toEqual(CLOSED_MENUS);
  });
  it('reject any other key', () => {
    expect(() => toggleMenu(CLOSED_MENUS, 'sideMenu')).toThrow('Invalid menu key');
  });
  it('put the overlay on the body only for the main menu', () => {
    expect(bodyHasOverlay(toggleMenu(CLOSED_MENUS, 'mainMenu'))).toBe(true);
    expect(bodyHasOverlay(toggleMenu(CLOSED_MENUS, 'cartMenuOpen'))).toBe(false);
  });
});

describe('marketing handover (spec section 2)', () => {
  it.each([
    '/en-US/stark-varg-ex',
    '/stark-varg',
    '/de-DE/stark-varg-1',
    '/fr-FR/service',
    '/newsletter/',
    '/x/test-ride',
    '/en-US/test-ride/feedback',
    '/en-US/press-and-media',
    '/en-US/stark-varg-new-sm',
    '/en-US/stark-varg-sm',
    '/en-US/vehicles',
    '/en-US/tutorials-and-technical',
    '/en-US/contact',
    '/en-US/support',
  ])('hands %s over', (path) => expect(isMarketingPath(path)).toBe(true));

  it.each([
    '/en-US',
    '/en-US/checkout',
    '/en-US/stark-varg-exx',
    '/en-US/my-service-plan',
    '/en-US/orders/my',
    // The app's own wallet page (issue 25): no longer handed over.
    '/en-US/account/wallet',
  ])('keeps %s', (path) => expect(isMarketingPath(path)).toBe(false));

  it('hands over only when a marketing site is configured', () => {
    expect(marketingHandover('https://m.example', '/de-DE/test-ride', '?a=1')).toBe(
      'https://m.example/de-DE/test-ride?a=1',
    );
    expect(marketingHandover('', '/de-DE/test-ride', '')).toBeNull();
    expect(marketingHandover(undefined, '/de-DE/test-ride', '')).toBeNull();
    expect(marketingHandover('https://m.example', '/de-DE/checkout', '')).toBeNull();
  });

  it('keeps the path and query', () => {
    expect(marketingUrl('https://m.example/', '/de-DE/test-ride', '?model=ex')).toBe(
      'https://m.example/de-DE/test-ride?model=ex',
    );
  });
});

describe('error page message (spec section 8)', () => {
  it('prefers a JSON message field, then the raw message, then the status text, then not found', () => {
    expect(errorPageMessage({ message: '{"message":"Order is gone"}' }, 'nf')).toBe('Order is gone');
    expect(errorPageMessage({ message: 'plain words' }, 'nf')).toBe('plain words');
    expect(errorPageMessage({ data: { message: 'from data' } }, 'nf')).toBe('from data');
    expect(errorPageMessage({ statusText: 'Bad Gateway' }, 'nf')).toBe('Bad Gateway');
    expect(errorPageMessage({}, 'nf')).toBe('nf');
  });
});

describe('cookies (spec section 9)', () => {
  it('carry the spec’s names and lifetimes', () => {
    expect(COOKIE.locale).toEqual({ name: 'i18n_redirected', maxAge: 365 * 86400 });
    expect(COOKIE.countryLang.maxAge).toBe(30 * 86400);
    expect(COOKIE.campaign).toEqual({ name: 'sf-campaign', maxAge: 60 * 86400 });
    expect(COOKIE.cartId.maxAge).toBe(2592000);
    expect(COOKIE.suggestedCountryDismissed.maxAge).toBe(30 * 86400);
    expect(COOKIE.authToken).toBe('auth._token.local');
  });
});
