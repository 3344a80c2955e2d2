// Signed-in visitors for the bench (issue 19 item 2): a seeded demo account signs in through the web's own sign-in
// form, as a browser does, and the bench sends the session cookies it was given with every request.
import { DEMO_PASSWORD } from '@varg/db';
import { BASE } from './server.ts';

export interface SignedInPage {
  /** The page as the account sees it: a signed-in visitor is sent to their own locale (`/de-DE/orders/my`). */
  path: string;
  /** The `cookie` header a browser would send. */
  cookie: string;
}

/** Signs in by posting the sign-in form (`POST /en-US/login`); the answer sets the session cookies. */
export async function signInCookie(email: string, base = BASE): Promise<string> {
  const form = new URLSearchParams({ email, password: DEMO_PASSWORD });
  const res = await fetch(`${base}/en-US/login`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
    redirect: 'manual',
  });
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0] as string);
  if (res.status !== 302 || !cookies.some((c) => c.startsWith('auth._token.local=Bearer'))) {
    throw new Error(`signing in as ${email} answered ${res.status} without a session`);
  }
  return cookies.join('; ');
}

/**
 * Signs `email` in and finds where `page` renders for them, following the redirect to the account's locale once.
 * Throws unless the answer is 200 and really is that route's page (`routeId` among the rendered route modules), not
 * the sign-in page or an error page.
 */
export async function signedInPage(email: string, page: string, routeId: string, base = BASE): Promise<SignedInPage> {
  const cookie = await signInCookie(email, base);
  let path = page;
  let res = await fetch(`${base}${path}`, { headers: { cookie }, redirect: 'manual' });
  if (res.status >= 300 && res.status < 400) {
    path = res.headers.get('location') ?? path;
    res = await fetch(`${base}${path}`, { headers: { cookie }, redirect: 'manual' });
  }
  const body = await res.text();
  const rendered = /window\.__reactRouterRouteModules = (\{[^}]*\})/.exec(body)?.[1] ?? '';
  if (res.status !== 200 || !rendered.includes(`"${routeId}":`)) {
    throw new Error(`${page} as ${email}: ${res.status} at ${path}, route modules ${rendered || 'none'}`);
  }
  return { path, cookie };
}
