import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page } from '@playwright/test';

/** Fails on any serious or critical axe violation on the page as it is now. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  expect(blocking).toEqual([]);
}

/**
 * Waits until React has hydrated this element (its props are attached to the node). A click or a DOM change before
 * that is lost or overwritten on a loaded machine: the server's HTML is on screen before the script runs.
 */
export async function whenHydrated(locator: Locator) {
  await expect
    .poll(() => locator.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactProps$'))))
    .toBe(true);
}

/** An IP address in Germany, as the bundled GeoIP database knows it. */
export const GERMAN_IP = '85.214.132.117';

export const test = base;
export { expect };
