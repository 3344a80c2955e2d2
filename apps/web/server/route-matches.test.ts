import { createStaticHandler, matchRoutes } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { rememberRouteMatches, routeMatchCounts } from './route-matches.ts';

const routes = [
  {
    id: 'root',
    path: '',
    children: [
      { id: 'home', path: ':locale', index: true },
      { id: 'configurator', path: ':locale/:model/configurator' },
      { id: 'catch-all', path: '*' },
    ],
  },
];
const PATHS = ['/', '/de-DE', '/de-DE/varg-ex', '/de-DE/varg-ex/configurator', '/x/y/z/w'];

describe('rememberRouteMatches', () => {
  beforeAll(async () => {
    // Fails when a React Router upgrade moved or renamed its matcher: the wrapper would change nothing then.
    expect(await rememberRouteMatches()).toBe(true);
  });

  it('walks the route table once per path, however many requests ask', () => {
    const handler = createStaticHandler(routes);
    const before = { ...routeMatchCounts };
    for (let i = 0; i < 3; i++) for (const path of PATHS) handler.match(path);
    expect(routeMatchCounts.walked - before.walked).toBe(PATHS.length);
    expect(routeMatchCounts.remembered - before.remembered).toBe(2 * PATHS.length);
  });

  it('answers as React Router does, with matches of its own for every caller', () => {
    const handler = createStaticHandler(routes);
    for (const path of PATHS) {
      const first = handler.match(path);
      const second = handler.match({ pathname: path });
      expect(first).toEqual(matchRoutes(handler.dataRoutes, path));
      expect(second).toEqual(first);
      expect(second).not.toBe(first);
      if (first && second) {
        // One params object per answer, shared by its matches as React Router shares it.
        expect(second[0]?.params).not.toBe(first[0]?.params);
        expect(new Set(first.map((m) => m.params)).size).toBe(1);
        (second[0]?.params as Record<string, string>).locale = 'changed';
        expect(handler.match(path)).toEqual(first);
      }
    }
  });

  it('keeps route tables apart (a new build brings its own)', () => {
    const before = createStaticHandler(routes);
    const after = createStaticHandler([{ id: 'only', path: '/de-DE' }]);
    expect(before.match('/de-DE')?.map((m) => m.route.id)).toEqual(['root', 'home']);
    expect(after.match('/de-DE')?.map((m) => m.route.id)).toEqual(['only']);
    expect(after.match('/de-DE/varg-ex/configurator')).toBeNull();
  });

  it('leaves paths with a query and partial matches to React Router', () => {
    const handler = createStaticHandler(routes);
    const before = { ...routeMatchCounts };
    expect(handler.match('/de-DE?x=1')?.map((m) => m.route.id)).toEqual(['root', 'home']);
    expect(routeMatchCounts).toEqual(before);
  });
});
