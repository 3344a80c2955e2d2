import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** At most this many paths per route table; a full table starts over. */
const MAX_PATHS = 2_000;

interface RouteMatch {
  params: Record<string, string | undefined>;
  pathname: string;
  pathnameBase: string;
  route: unknown;
}
type Matches = RouteMatch[] | null;
type MatchFn = (this: object, location: unknown, allowPartial?: boolean) => Matches;
interface MatcherClass {
  prototype: { match: MatchFn; update(this: object, routes: unknown): void };
}

const REMEMBERED = Symbol.for('varg.rememberedRouteMatches');
/** Answers from memory and walks of the route table, for the tests. */
export const routeMatchCounts = { remembered: 0, walked: 0 };

/**
 * React Router's matcher by path, remembered per route table (decision 069). React Router matches a path by trying its
 * ~125 ranked route branches in order, and a render matches its page's path several times (the request handler twice,
 * `<Scripts>` each ancestor): ≈ 5 % of a render's CPU and over a quarter of its garbage. The answer depends only on
 * the path and the table (one per build), so the matcher's `match` keeps it per table; each caller gets its own copy
 * of the matches (React Router hands `params` to loaders). A new table (`update`, development's rebuilds) starts
 * empty. Partial matches (route discovery) and paths with a query are matched as before.
 *
 * React Router makes its matcher inside `createStaticHandler` and offers no option to give it one; the class is the
 * same module for the whole process, so its prototype is wrapped once at start. Returns false, and changes nothing,
 * when React Router no longer has that class where it was (an upgrade): `route-matches.test.ts` fails then.
 */
export async function rememberRouteMatches(): Promise<boolean> {
  const entry = createRequire(import.meta.url).resolve('react-router');
  // dist/production/index.js or dist/development/index.js: wrap both, whichever the process loads.
  const dist = dirname(dirname(entry));
  let wrapped = false;
  for (const flavour of ['production', 'development']) {
    const file = join(dist, flavour, 'lib/router/matcher.js');
    if (!existsSync(file)) continue;
    const { V6RegExMatcher } = (await import(pathToFileURL(file).href)) as { V6RegExMatcher?: MatcherClass };
    if (typeof V6RegExMatcher?.prototype?.match !== 'function') continue;
    wrap(V6RegExMatcher);
    wrapped = true;
  }
  return wrapped;
}

function wrap(matcher: MatcherClass): void {
  const proto = matcher.prototype as MatcherClass['prototype'] & { [REMEMBERED]?: true };
  if (proto[REMEMBERED]) return;
  proto[REMEMBERED] = true;
  const { match, update } = proto;
  const tables = new WeakMap<object, Map<string, Matches>>();
  proto.update = function (this: object, routes: unknown) {
    tables.delete(this);
    return update.call(this, routes);
  };
  proto.match = function (this: object, location: unknown, allowPartial = false) {
    const pathname =
      typeof location === 'string'
        ? /[?#]/.test(location)
          ? undefined
          : location
        : (location as { pathname?: unknown } | null)?.pathname;
    if (allowPartial || typeof pathname !== 'string' || pathname === '' || pathname.length > 512) {
      return match.call(this, location, allowPartial);
    }
    let paths = tables.get(this);
    if (!paths) {
      paths = new Map();
      tables.set(this, paths);
    }
    let matches = paths.get(pathname);
    if (matches === undefined) {
      routeMatchCounts.walked++;
      matches = match.call(this, pathname, false);
      if (paths.size >= MAX_PATHS) paths.clear();
      paths.set(pathname, matches);
    } else {
      routeMatchCounts.remembered++;
    }
    return matches && copyOf(matches);
  };
}

/** As React Router makes them: the branch's matches share one `params` object. */
function copyOf(matches: RouteMatch[]): RouteMatch[] {
  const params = { ...matches[matches.length - 1]?.params };
  return matches.map((m) => ({ ...m, params }));
}
