import type { CurrentUser } from '@varg/contracts';
import { RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { authContext } from './auth.server.ts';
import { type AppServices, localeContext, servicesContext } from './context.ts';
import { checkGuards, guarded } from './guards.server.ts';

const base: CurrentUser = {
  _id: 'u1',
  email: 'rider@example.com',
  roles: ['customer'],
  lang: 'en-us',
  country: 'US',
  scope: ['customer'],
  name: 'R',
  secondName: '',
  phone: '',
  dateOfBirth: null,
  emailConfirmed: true,
  pendingEmail: null,
  whitelistedPresales: false,
  isCustomer: true,
  isDealer: false,
  isAdmin: false,
  isLeadDealer: false,
  isTranslator: false,
  isMco: false,
  dealer: null,
  customer: null,
  mode: null,
  impersonator: null,
};

function context(user: Partial<CurrentUser> | null) {
  const ctx = new RouterContextProvider();
  ctx.set(localeContext, { lang: 'de', country: 'DE' });
  ctx.set(authContext, { user: user ? { ...base, ...user } : null, token: null, refreshToken: null, setCookies: [] });
  ctx.set(servicesContext, {
    messagesFor: () => ({ error_forbidden: 'Du hast keine Berechtigung' }),
    config: { whitelistEmails: ['insider@starkfuture.com'] },
  } as unknown as AppServices);
  return ctx;
}

/** Runs guards; returns 'next' when they let the request through, else the Response they answered with. */
async function run(names: string[], user: Partial<CurrentUser> | null, url = 'http://shop.test/de-DE/leads?x=1') {
  try {
    checkGuards(names, { request: new Request(url), context: context(user) });
    return 'next';
  } catch (thrown) {
    return thrown as { status?: number; init?: { status: number }; data?: unknown; headers?: Headers };
  }
}

const status = (r: Awaited<ReturnType<typeof run>>) => (r === 'next' ? 200 : (r.status ?? r.init?.status));
const location = (r: Awaited<ReturnType<typeof run>>) =>
  r === 'next' ? null : (r as Response).headers.get('location');

describe('page guards (spec sections 4–6)', () => {
  it('run before a wrapped loader, which never runs for a refused visitor', async () => {
    let ran = false;
    const loader = guarded(['dealer'], () => {
      ran = true;
      return 'data';
    });
    expect(() => loader({ request: new Request('http://shop.test/de-DE/dealer'), context: context({}) })).toThrow();
    expect(ran).toBe(false);
    expect(
      loader({ request: new Request('http://shop.test/de-DE/dealer'), context: context({ roles: ['dealer'] }) }),
    ).toBe('data');
  });

  it('sends a visitor to sign in, remembering the page', async () => {
    const r = await run(['auth'], null);
    expect(status(r)).toBe(302);
    expect(location(r)).toBe('/de-DE/login?from=%2Fleads%3Fx%3D1');
  });

  it('sends a signed-in user away from guest-only pages', async () => {
    expect(location(await run(['guest'], {}))).toBe('/de-DE');
    expect(await run(['guest'], null)).toBe('next');
  });

  it('answers 403 with the translated message on dealer and mco pages for others', async () => {
    const customer = await run(['dealer'], {});
    expect(status(customer)).toBe(403);
    expect((customer as { data: { message: string } }).data.message).toBe('Du hast keine Berechtigung');
    expect(await run(['dealer'], { roles: ['dealer'] })).toBe('next');
    expect(status(await run(['mco'], { roles: ['dealer'] }))).toBe(403);
    expect(await run(['mco'], { roles: ['mco'] })).toBe('next');
  });

  it('sends non-dealers from the orders list to their own orders', async () => {
    expect(location(await run(['dealer-orders'], {}))).toBe('/de-DE/orders/my');
    expect(await run(['dealer-orders'], { roles: ['dealer'] })).toBe('next');
  });

  it('lets only the listed addresses see the whitelist page', async () => {
    expect(location(await run(['whitelist'], {}))).toBe('/de-DE');
    expect(await run(['whitelist'], { email: 'Insider@StarkFuture.com' })).toBe('next');
  });

  it('grants presale access by flag, list or administrator', async () => {
    expect(location(await run(['presale'], {}))).toBe('/de-DE');
    expect(await run(['presale'], { whitelistedPresales: true })).toBe('next');
    expect(await run(['presale'], { email: 'insider@starkfuture.com' })).toBe('next');
    expect(await run(['presale'], { isAdmin: true })).toBe('next');
  });

  it('answers 500 "Unknown middleware X" for a guard that does not exist', async () => {
    const r = await run(['auth', 'teleport'], {});
    expect(status(r)).toBe(500);
    expect((r as { data: { message: string } }).data.message).toBe('Unknown middleware teleport');
  });
});
