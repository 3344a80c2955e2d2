// Developer tool: screenshots of pages at mobile and desktop width, to look at what was built.
//   node scripts/screenshot.ts http://localhost:3000/de-DE [more urls] -> /tmp/shots/*.png
// AS=dealer@demo.starkfuture.com signs in as that demo account first (the demo password), on the first URL's site.
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/chromium.ts';
import { DEMO_PASSWORD } from '../packages/db/src/seed/people.ts';

const out = process.env.SHOTS_DIR ?? '/tmp/shots';
mkdirSync(out, { recursive: true });
const urls = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: await chromiumPath(), args: CHROMIUM_ARGS });
const context = await browser.newContext({
  extraHTTPHeaders: process.env.XFF ? { 'x-forwarded-for': process.env.XFF } : {},
});
if (process.env.AS && urls[0]) {
  const first = new URL(urls[0]);
  const segment = first.pathname.split('/')[1] ?? 'en-US';
  const page = await context.newPage();
  await page.goto(`${first.origin}/${segment}/login`);
  const form = page.locator('main form').filter({ has: page.locator('input[name="password"]') });
  await form.locator('input[name="email"]').fill(process.env.AS);
  await form.locator('input[name="password"]').fill(process.env.PASSWORD ?? DEMO_PASSWORD);
  await form.locator('button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
  await page.close();
}
for (const url of urls) {
  for (const width of [375, 1280]) {
    const page = await context.newPage();
    await page.setViewportSize({ width, height: width < 500 ? 812 : 900 });
    await page.goto(url, { waitUntil: 'networkidle' });
    const name = `${new URL(url).pathname.replace(/\W+/g, '_') || 'root'}-${width}.png`;
    await page.screenshot({ path: `${out}/${name}`, fullPage: process.env.FULL === '1' });
    console.log(`${out}/${name}`);
    await page.close();
  }
}
await browser.close();
