import { existsSync } from 'node:fs';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-gpu',
  '--no-first-run',
];

/**
 * Chromium for the browser tests, without downloading one: CHROME_PATH, then Debian's /usr/bin/chromium, then the
 * binary shipped inside the @sparticuz/chromium npm package (a devDependency, so a fresh machine has it).
 */
export async function chromiumPath(): Promise<string> {
  if (process.env.CHROME_PATH) return process.env.CHROME_PATH;
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
  const { default: chromium } = await import('@sparticuz/chromium');
  return chromium.executablePath();
}
