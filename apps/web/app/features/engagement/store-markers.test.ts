import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, chromiumPath } from '../../../../../e2e/chromium.ts';
import { addStoreMarkers } from './store-markers.ts';

// The store finder's map in Chromium with the real Leaflet: a dealer's store name is shown as text (decision 029).

const leaflet = readFileSync(createRequire(import.meta.url).resolve('leaflet/dist/leaflet.js'), 'utf8');
let browser: Browser;
beforeAll(async () => {
  browser = await chromium.launch({ executablePath: await chromiumPath(), args: CHROMIUM_ARGS });
}, 60_000);
afterAll(async () => {
  await browser?.close();
});

describe('the store map’s markers', () => {
  it('show a dealer’s name as text: markup in it is neither parsed nor run', async () => {
    const page = await browser.newPage();
    await page.setContent('<div id="map" style="width:400px;height:300px"></div>');
    await page.addScriptTag({ content: leaflet });
    const name = '<img src=x onerror="window.__pwned=1"><b>Moto Stroom</b>';
    await page.evaluate(
      ({ source, stores }) => {
        const add = new Function(`return (${source})`)();
        // biome-ignore lint/suspicious/noExplicitAny: Leaflet's global in the page
        const L = (window as any).L;
        const map = L.map('map').setView([51.92, 4.48], 10);
        add(L, map, stores);
        // biome-ignore lint/suspicious/noExplicitAny: each layer of the map
        map.eachLayer((layer: any) => layer.openTooltip?.());
      },
      { source: addStoreMarkers.toString(), stores: [{ name, location: { lat: 51.92, lng: 4.48 } }] },
    );
    const tooltip = page.locator('.leaflet-tooltip');
    await tooltip.waitFor();
    expect(await tooltip.textContent()).toBe(`1. ${name}`);
    expect(await tooltip.locator('img, b').count()).toBe(0);
    await page.waitForTimeout(100);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    await page.close();
  });
});
