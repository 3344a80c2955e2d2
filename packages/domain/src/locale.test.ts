import { describe, expect, it } from 'vitest';
import {
  DEFAULT_LOCALE,
  detectBrowserLocale,
  formatLocaleSegment,
  localeRedirectStatus,
  localizedPath,
  parseCountryLangCookie,
  parseLocaleSegment,
  resolveLocale,
  splitLocalePath,
  UI_LANGUAGES,
} from './index.ts';

const active = new Set(['DE', 'FR', 'US', 'AT', 'NO', 'GB']);
const isActiveCountry = (c: string) => active.has(c);

describe('locale segments', () => {
  it('has the 23 languages of the spec with en-us as default', () => {
    expect(UI_LANGUAGES).toHaveLength(23);
    expect(DEFAULT_LOCALE).toEqual({ lang: 'en-us', country: 'US' });
  });

  it('parses language-plus-country in any case and writes it canonically', () => {
    expect(parseLocaleSegment('de-DE')).toEqual({ lang: 'de', country: 'DE' });
    expect(parseLocaleSegment('DE-de')).toEqual({ lang: 'de', country: 'DE' });
    expect(parseLocaleSegment('en-US')).toEqual({ lang: 'en-us', country: 'US' });
    expect(formatLocaleSegment({ lang: 'en-us', country: 'GB' })).toBe('en-GB');
    expect(formatLocaleSegment({ lang: 'no', country: 'NO' })).toBe('no-NO');
  });

  it('refuses segments that are not locales', () => {
    for (const s of ['store', 'de', 'de-DEU', 'ja-JP', 'xx-YY', '', undefined, 'de_DE']) {
      expect(parseLocaleSegment(s)).toBeNull();
    }
  });

  it('splits a path into its locale segment and the rest', () => {
    expect(splitLocalePath('/de-DE/store')).toEqual({ segment: 'de-DE', rest: '/store' });
    expect(splitLocalePath('/de-DE')).toEqual({ segment: 'de-DE', rest: '/' });
    expect(splitLocalePath('/store/x')).toEqual({ segment: null, rest: '/store/x' });
    expect(splitLocalePath('/')).toEqual({ segment: null, rest: '/' });
  });

  it('builds localized paths', () => {
    expect(localizedPath({ lang: 'fr', country: 'FR' }, '/')).toBe('/fr-FR');
    expect(localizedPath({ lang: 'fr', country: 'FR' }, '/store?x=1')).toBe('/fr-FR/store?x=1');
    expect(localizedPath({ lang: 'fr', country: 'FR' }, 'store')).toBe('/fr-FR/store');
    expect(localizedPath({ lang: 'fr', country: 'FR' }, '/?x=1')).toBe('/fr-FR?x=1');
    expect(localizedPath({ lang: 'fr', country: 'FR' }, '?x=1#top')).toBe('/fr-FR?x=1#top');
  });
});

describe('resolveLocale (spec section 4)', () => {
  const de = { lang: 'de', country: 'DE' } as const;
  const fr = { lang: 'fr', country: 'FR' } as const;
  const us = { lang: 'en-us', country: 'US' } as const;

  it('takes the stored choice first, then the route, then the browser, then the default', () => {
    expect(resolveLocale({ stored: de, route: fr, browser: us, isActiveCountry })).toEqual(de);
    expect(resolveLocale({ route: fr, browser: de, isActiveCountry })).toEqual(fr);
    expect(resolveLocale({ browser: de, isActiveCountry })).toEqual(de);
    expect(resolveLocale({ isActiveCountry })).toEqual(DEFAULT_LOCALE);
  });

  it("lets a signed-in user's own values win, except while an order is being completed", () => {
    const user = { lang: 'no', country: 'NO' } as const;
    expect(resolveLocale({ stored: de, route: de, user, isActiveCountry })).toEqual(user);
    expect(resolveLocale({ stored: de, route: de, user, completingOrder: true, isActiveCountry })).toEqual(de);
  });

  it('falls back to US when the country is not active', () => {
    expect(resolveLocale({ route: { lang: 'de', country: 'JP' }, isActiveCountry })).toEqual(us);
    expect(resolveLocale({ stored: { lang: 'fr', country: 'XX' }, route: de, isActiveCountry })).toEqual(us);
  });
});

describe('localeRedirectStatus', () => {
  const de = { lang: 'de', country: 'DE' } as const;
  it('needs no redirect when the segment is the canonical current locale', () => {
    expect(localeRedirectStatus('de-DE', de)).toBeNull();
  });
  it('answers 301 when the segment names the current locale in another spelling', () => {
    expect(localeRedirectStatus('de-de', de)).toBe(301);
    expect(localeRedirectStatus('DE-DE', de)).toBe(301);
  });
  it('answers 302 when the segment names another locale, or none', () => {
    expect(localeRedirectStatus('fr-FR', de)).toBe(302);
    expect(localeRedirectStatus('xx-YY', de)).toBe(302);
    expect(localeRedirectStatus(undefined, de)).toBe(302);
  });
});

describe('detectBrowserLocale', () => {
  it('picks the first supported language by quality, with the region as country', () => {
    expect(detectBrowserLocale('ja-JP, de-AT;q=0.8, fr;q=0.9')).toEqual({ lang: 'fr', country: 'FR' });
    expect(detectBrowserLocale('de-AT,de;q=0.9')).toEqual({ lang: 'de', country: 'AT' });
    expect(detectBrowserLocale('en-GB,en;q=0.8')).toEqual({ lang: 'en-us', country: 'GB' });
    expect(detectBrowserLocale('nb-NO')).toEqual({ lang: 'no', country: 'NO' });
  });
  it('uses the IP country, else the home market, when the tag has no region', () => {
    expect(detectBrowserLocale('de', 'CH')).toEqual({ lang: 'de', country: 'CH' });
    expect(detectBrowserLocale('sv')).toEqual({ lang: 'sv', country: 'SE' });
  });
  it('ignores q=0, wildcards, unknown languages and garbage', () => {
    expect(detectBrowserLocale('de;q=0, *')).toBeNull();
    expect(detectBrowserLocale('ja, zh-CN')).toBeNull();
    expect(detectBrowserLocale(';;;,,')).toBeNull();
    expect(detectBrowserLocale(undefined)).toBeNull();
  });
});

describe('country+lang cookie', () => {
  it('round-trips and refuses bad values', () => {
    expect(parseCountryLangCookie('{"country":"de","lang":"de"}')).toEqual({ lang: 'de', country: 'DE' });
    expect(parseCountryLangCookie('{"country":"DE"}')).toBeNull();
    expect(parseCountryLangCookie('{"country":"DEU","lang":"de"}')).toBeNull();
    expect(parseCountryLangCookie('not json')).toBeNull();
    expect(parseCountryLangCookie('{"country":"DE","lang":"ja"}')).toBeNull();
  });
});
