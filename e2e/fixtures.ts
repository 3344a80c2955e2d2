import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import axe from 'axe-core';

type AxeAudit = {
  rules: { id: string; any: AxeCheckRef[]; all: AxeCheckRef[]; none: AxeCheckRef[] }[];
  data: { checks: Record<string, { impact?: string }> };
};
type AxeCheckRef = string | { id: string };
const SEVERITY: Record<string, number> = { minor: 1, moderate: 2, serious: 3, critical: 4 };
const SERIOUS = 3;

/**
 * The rules whose every check is at most "moderate": they can never report what expectAccessible fails on, so they
 * are not run (region, landmark-*, heading-order…). Read from axe's own metadata, so an upgrade that raises a
 * check's impact brings its rule back.
 */
const audit = (axe as unknown as { _audit: AxeAudit })._audit;
const NEVER_SERIOUS = audit.rules
  .filter(({ any, all, none }) =>
    [...any, ...all, ...none].every((check) => {
      const impact = audit.data.checks[typeof check === 'string' ? check : check.id]?.impact;
      return impact !== undefined && (SEVERITY[impact] ?? 9) < SERIOUS;
    }),
  )
  .map((rule) => rule.id);

/**
 * Fails on any serious or critical axe violation on the page as it is now.
 *
 * Run as axe.run in the page (legacy mode), not runPartial per frame plus finishRun in a fresh blank page, and asked
 * for violations only: about a quarter of the default's time per call (store page: 2.0 s → 0.5 s in Debian's
 * Chromium), which is most of the suite's accessibility cost over ~210 calls. What is given up: cross-origin frames
 * (only Stripe's, which Stripe answers for) are not audited.
 */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .setLegacyMode()
    .disableRules(NEVER_SERIOUS)
    .options({ resultTypes: ['violations'] })
    .analyze();
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
