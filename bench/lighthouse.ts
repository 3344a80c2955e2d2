// Lighthouse (mobile, the default form factor) on the built server, offline, with the system or npm-shipped
// Chromium. Not part of `npm test`.   npm run build && npm run bench:lighthouse [path ...]
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/chromium.ts';
import { BASE, startServer, waitReady } from './server.ts';

const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['/en-US', '/de-DE'];
const server = startServer();
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  await waitReady();
  chrome = await chromeLauncher.launch({
    chromePath: await chromiumPath(),
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  console.log('| page | performance | accessibility | best practices | SEO | LCP ms | TBT ms | CLS |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const path of paths) {
    const result = await lighthouse(`${BASE}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    if (!result) throw new Error(`no Lighthouse result for ${path}`);
    const { categories, audits } = result.lhr;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    console.log(
      `| ${path} | ${score('performance')} | ${score('accessibility')} | ${score('best-practices')} | ${score('seo')} | ${Math.round(audits['largest-contentful-paint']?.numericValue ?? 0)} | ${Math.round(audits['total-blocking-time']?.numericValue ?? 0)} | ${(audits['cumulative-layout-shift']?.numericValue ?? 0).toFixed(3)} |`,
    );
    if (process.env.LH_DEBUG) {
      for (const id of Object.keys(audits).filter((k) =>
        /lcp|largest|bootup-time|mainthread-work|long-tasks/.test(k),
      )) {
        console.log(id, JSON.stringify(audits[id]?.details ?? audits[id]?.displayValue ?? null).slice(0, 1500));
      }
    }
    for (const id of ['accessibility', 'best-practices', 'seo']) {
      const failing = categories[id]?.auditRefs
        .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => ref.id);
      if (failing?.length) console.log(`  ${path} ${id} failing: ${failing.join(', ')}`);
      for (const ref of failing ?? [])
        if (ref === 'errors-in-console')
          console.log(`    ${JSON.stringify(audits[ref]?.details ?? null).slice(0, 600)}`);
    }
  }
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
}
