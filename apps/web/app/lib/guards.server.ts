import { localizedPath, splitLocalePath } from '@varg/domain';
import { data, type RouterContextProvider, redirect } from 'react-router';
import { authContext } from './auth.server.ts';
import { localeContext, servicesContext } from './context.ts';

type Guard = (args: { request: Request; context: Readonly<RouterContextProvider> }) => void;

function forbidden(context: Readonly<RouterContextProvider>): never {
  const { messagesFor } = context.get(servicesContext);
  const message =
    messagesFor(context.get(localeContext)).error_forbidden ?? 'You do not have permission to access this.';
  throw data({ message }, { status: 403 });
}

const requireUser: Guard = ({ request, context }) => {
  if (context.get(authContext).user) return;
  const url = new URL(request.url);
  const back = splitLocalePath(url.pathname).rest + url.search;
  throw redirect(localizedPath(context.get(localeContext), `/login?from=${encodeURIComponent(back)}`));
};

const role =
  (name: string): Guard =>
  (args) => {
    requireUser(args);
    if (!args.context.get(authContext).user?.roles.includes(name)) forbidden(args.context);
  };

/** Spec sections 4–6: the page guards, by name. */
export const GUARDS: Record<string, Guard> = {
  auth: requireUser,
  guest: ({ context }) => {
    if (context.get(authContext).user) throw redirect(localizedPath(context.get(localeContext), '/'));
  },
  dealer: role('dealer'),
  /** A lead dealer's group pages (decision 024). */
  'lead-dealer': role('lead_dealer'),
  mco: role('mco'),
  /** Whistleblowing cases (decision 023): nobody else, administrators included. */
  compliance: role('compliance'),
  admin: role('admin'),
  translator: role('translator'),
  /** The orders list is for dealers; everybody else has their own orders. */
  'dealer-orders': (args) => {
    requireUser(args);
    if (!args.context.get(authContext).user?.roles.includes('dealer')) {
      throw redirect(localizedPath(args.context.get(localeContext), '/orders/my'));
    }
  },
  /**
   * Presale access (spec section 6): the user's `whitelistedPresales` flag, an address on the internal list, or an
   * administrator (acting for themselves or as the customer). Others go home.
   */
  presale: (args) => {
    requireUser(args);
    const user = args.context.get(authContext).user;
    const list = args.context.get(servicesContext).config.whitelistEmails;
    const allowed =
      !!user &&
      (user.whitelistedPresales || list.includes(user.email.toLowerCase()) || user.isAdmin || !!user.impersonator);
    if (!allowed) throw redirect(localizedPath(args.context.get(localeContext), '/'));
  },
  /** A page for a fixed list of internal addresses (WHITELIST_EMAILS); everybody else goes home. */
  whitelist: (args) => {
    const user = args.context.get(authContext).user;
    const list = args.context.get(servicesContext).config.whitelistEmails;
    if (!user || !list.includes(user.email.toLowerCase()))
      throw redirect(localizedPath(args.context.get(localeContext), '/'));
  },
};

/** Runs the named guards in order; an unknown name is a server error, as in the spec ("Unknown middleware X"). */
export function checkGuards(
  names: readonly string[],
  args: { request: Request; context: Readonly<RouterContextProvider> },
) {
  for (const name of names) {
    const check = GUARDS[name];
    if (!check) throw data({ message: `Unknown middleware ${name}` }, { status: 500 });
    check(args);
  }
}

/**
 * Wraps a route's loader or action so the guards run first. Guards live in loaders, not in route middleware: an error
 * thrown by middleware renders before any loader ran, so the error page would have neither the visitor's language
 * nor the shop's frame; a loader's error renders inside the layout, with the root's data.
 */
export function guarded<A extends { request: Request; context: Readonly<RouterContextProvider> }, R>(
  names: readonly string[],
  fn: (args: A) => R,
): (args: A) => R {
  return (args) => {
    checkGuards(names, args);
    return fn(args);
  };
}
