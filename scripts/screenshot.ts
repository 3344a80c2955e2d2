// Developer tool: screenshots of pages at mobile and desktop width, to look at what was built.
//   node scripts/screenshot.ts http://localhost:3000/de-DE [more urls] -> /tmp/shots/*.png
import { mkdirSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from '../e2e/chromium.ts';

const out = process.env.SHOTS_DIR ?? '/tmp/shots';
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: await chromiumPath(), args: CHROMIUM_ARGS });
for (const url of process.argv.slice(2)) {
  for (const width of [375, 1280]) {
    const page = await browser.newPage({
      viewport: { width, height: width < 500 ? 812 : 900 },
      extraHTTPHeaders: process.env.XFF ? { 'x-forwarded-for': process.env.XFF } : {},
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    const name = `${new URL(url).pathname.replace(/\W+/g, '_') || 'root'}-${width}.png`;
    await page.screenshot({ path: `${out}/${name}`, fullPage: process.env.FULL === '1' });
    console.log(`${out}/${name}`);
    await page.close();
  }
}
await browser.close();
