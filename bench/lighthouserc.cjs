// Lighthouse CI budget (issue 19 item 3), checked by `npm run bench:lighthouse`. The bench runs Lighthouse 13 itself
// (@lhci/cli 0.15 pins Lighthouse 12 for its own `collect`), saves every run's report to .lighthouseci/ and then runs
// `lhci assert` and `lhci upload` with this file. Scores are the median run's (`aggregationMethod: 'median'`, three
// runs a page); resource sizes are transfer sizes in bytes (gzip on the wire).
const categories = {
  'categories:performance': ['error', { minScore: 0.98, aggregationMethod: 'median' }],
  'categories:accessibility': ['error', { minScore: 1, aggregationMethod: 'median' }],
  'categories:best-practices': ['error', { minScore: 1, aggregationMethod: 'median' }],
  'categories:seo': ['error', { minScore: 1, aggregationMethod: 'median' }],
};
const script = (kb) => ({
  'resource-summary:script:size': ['error', { maxNumericValue: kb * 1024, aggregationMethod: 'median' }],
});

module.exports = {
  ci: {
    assert: {
      includePassedAssertions: true,
      assertMatrix: [
        // The home pages (/en-US, /de-DE, no further path): ≤ 100 KB of JavaScript.
        { matchingUrlPattern: '/[a-z]{2}-[A-Z]{2}/?$', assertions: { ...categories, ...script(100) } },
        // Both configurators: ≤ 130 KB of JavaScript.
        { matchingUrlPattern: '/configurator/?$', assertions: { ...categories, ...script(130) } },
        // Every other page: the scores only.
        { matchingUrlPattern: '^(?!.*(/[a-z]{2}-[A-Z]{2}/?$|/configurator/?$))', assertions: categories },
      ],
    },
    upload: { target: 'filesystem', outputDir: 'bench/.lighthouseci' },
  },
};
