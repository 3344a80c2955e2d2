import type { Country } from '@varg/contracts';
import { describe, expect, it } from 'vitest';
import { renderSitemap } from './seo.ts';

const country = (code: string, lang: string) => ({ code, language: { code: lang } }) as unknown as Country;

describe('sitemap', () => {
  it('lists every public page in each market’s own language', () => {
    const xml = renderSitemap('https://shop.example', [country('DE', 'de'), country('US', 'en-us')]);
    expect(xml).toContain('<loc>https://shop.example/de-DE</loc>');
    expect(xml).toContain('<loc>https://shop.example/de-DE/varg/stock-bikes</loc>');
    expect(xml).toContain('<loc>https://shop.example/en-US/xmas-auction</loc>');
    expect(xml).toContain('<loc>https://shop.example/en-US/test-ride</loc>');
    expect(xml).not.toContain('/en-DE');
  });

  it('leaves the pages a marketing site serves to that site’s sitemap', () => {
    const xml = renderSitemap('https://shop.example', [country('DE', 'de')], 'https://www.example.com');
    expect(xml).toContain('<loc>https://shop.example/de-DE</loc>');
    expect(xml).toContain('<loc>https://shop.example/de-DE/store</loc>');
    expect(xml).not.toContain('/de-DE/test-ride<');
    expect(xml).not.toContain('/de-DE/newsletter<');
  });
});
