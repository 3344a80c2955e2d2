import { createStaticHandler, type StaticHandlerContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { rememberMatches } from './remembered-matches.ts';

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

/** A route table's matcher that counts the paths reaching it. */
function countingMatcher(handler = createStaticHandler(routes)) {
  const reached: unknown[] = [];
  const match: StaticHandlerContext['_match'] = (location) => {
    reached.push(location);
    return handler.match(location);
  };
  return { match, reached };
}

/** What entry.server gets for each render: a new context around the table's one matcher. */
const renderContext = (match: StaticHandlerContext['_match']) => ({ _match: match }) as StaticHandlerContext;

const ids = (context: StaticHandlerContext, path: string) => context._match(path)?.map((m) => m.route.id);

describe('rememberMatches', () => {
  it('matches a path once per route table, however many renders ask', () => {
    const table = countingMatcher();
    const first = renderContext(table.match);
    const second = renderContext(table.match);
    rememberMatches(first);
    rememberMatches(second);
    expect(ids(first, '/')).toEqual(['root']);
    expect(ids(first, '/de-DE')).toEqual(['root', 'home']);
    expect(ids(second, '/')).toEqual(['root']);
    expect(ids(second, '/de-DE')).toEqual(['root', 'home']);
    expect(table.reached).toEqual(['/', '/de-DE']);
  });

  it('answers as the matcher does', () => {
    const handler = createStaticHandler(routes);
    const context = renderContext(handler.match);
    rememberMatches(context);
    for (const path of ['/de-DE', '/de-DE/varg-ex', '/de-DE/varg-ex/configurator', '/']) {
      context._match(path);
      expect(context._match(path)).toEqual(handler.match(path));
    }
  });

  it('keeps route tables apart (a new build brings its own)', () => {
    const before = countingMatcher();
    const after = countingMatcher(createStaticHandler([{ id: 'only', path: '/de-DE' }]));
    const old = renderContext(before.match);
    const fresh = renderContext(after.match);
    rememberMatches(old);
    rememberMatches(fresh);
    expect(ids(old, '/de-DE')).toEqual(['root', 'home']);
    expect(ids(fresh, '/de-DE')).toEqual(['only']);
  });

  it('leaves a location object to the matcher', () => {
    const table = countingMatcher();
    const context = renderContext(table.match);
    rememberMatches(context);
    context._match({ pathname: '/de-DE' });
    context._match({ pathname: '/de-DE' });
    expect(table.reached).toHaveLength(2);
  });
});
