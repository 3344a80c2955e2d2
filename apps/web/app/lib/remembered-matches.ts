import type { StaticHandlerContext } from 'react-router';

type Match = StaticHandlerContext['_match'];
type Matches = ReturnType<Match>;

/** At most this many paths per route table; a full table starts over. */
const MAX_PATHS = 2_000;
const remembered = new WeakMap<Match, Map<string, Matches>>();

/**
 * Lets a render's route matching by path answer from memory. React Router matches a path by trying its ranked route
 * branches in order; to render `<Scripts>` it matches every ancestor of the page's path (`/`, `/de-DE`, …, for the
 * routes the browser must know at once), and the home page (`/:locale`) and the bare `/` (the catch-all) are at the
 * end of the ranking: each such match walked all ~120 branches and made ~0.2 MB of garbage, on every render
 * (decision 069). The answer depends only on the path and the route table (one per build), so it is kept per table.
 * Callers get the matches as React Router makes them (it copies each match before handing it on) and only read them.
 */
export function rememberMatches(context: StaticHandlerContext): void {
  const match = context._match;
  if (typeof match !== 'function') return;
  let known = remembered.get(match);
  if (!known) {
    known = new Map();
    remembered.set(match, known);
  }
  const paths = known;
  context._match = (location) => {
    if (typeof location !== 'string' || location.length > 512) return match(location);
    const hit = paths.get(location);
    if (hit !== undefined) return hit;
    const matches = match(location);
    if (paths.size >= MAX_PATHS) paths.clear();
    paths.set(location, matches);
    return matches;
  };
}
