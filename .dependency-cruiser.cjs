/**
 * Dependency rules of the API (decision 033), checked by apps/api/src/modules.test.ts in `npm test`:
 * `npx depcruise apps/api/src --config .dependency-cruiser.cjs` reports the same.
 * TypeScript 7 has no compiler API for dependency-cruiser, so it parses with swc.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'No file of the API imports itself back (modules.test.ts also checks the modules as a whole).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-foreign-repos',
      comment: 'A module reads another module only through its exported interface, never its repo (its tables).',
      severity: 'error',
      from: { path: '^apps/api/src/modules/([^/]+)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/api/src/modules/([^/]+)/(dealer-)?repo\\.ts$', pathNot: '^apps/api/src/modules/$1/' },
    },
  ],
  options: {
    parser: 'swc',
    tsPreCompilationDeps: true,
    includeOnly: '^apps/api/src/',
    exclude: { path: '\\.test\\.ts$' },
  },
};
