import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { catalogVariants } from './index.ts';
import { CATALOGS, messagesFor, OVERRIDES, t } from './server.ts';

const placeholders = (s: string) => (s.match(/\{\{\s*\w+\s*\}\}/g) ?? []).sort().join();
const BASES: Record<string, 'pt' | 'es'> = { 'pt-BR': 'pt', 'es-419': 'es', 'es-MX': 'es', 'es-AR': 'es' };

describe('market variants (catalogs/overrides)', () => {
  it('exist for Brazil and the Latin-American Spanish markets, and nothing else', () => {
    const files = readdirSync(new URL('../catalogs/overrides/', import.meta.url)).sort();
    expect(files).toEqual(['es-419.json', 'es-AR.json', 'es-MX.json', 'pt-BR.json']);
  });

  it.each(Object.entries(BASES))('%s holds only keys of its language, with their placeholders', (variant, lang) => {
    const override = OVERRIDES[variant] ?? {};
    expect(Object.keys(override).length).toBeGreaterThan(5);
    expect(Object.keys(override).filter((k) => !(k in CATALOGS[lang]))).toEqual([]);
    expect(
      Object.keys(override).filter((k) => placeholders(override[k] ?? '') !== placeholders(CATALOGS[lang][k] ?? '')),
    ).toEqual([]);
    // Only what differs: a text equal to the language's is not repeated.
    expect(Object.keys(override).filter((k) => override[k] === CATALOGS[lang][k])).toEqual([]);
  });

  it('is chosen by the country the locale carries', () => {
    expect(catalogVariants('pt', 'BR')).toEqual(['pt-BR']);
    expect(catalogVariants('pt', 'PT')).toEqual([]);
    expect(catalogVariants('es', 'MX')).toEqual(['es-MX', 'es-419']);
    expect(catalogVariants('es', 'AR')).toEqual(['es-AR', 'es-419']);
    expect(catalogVariants('es', 'ES')).toEqual([]);
    expect(catalogVariants('es', 'US')).toEqual([]);
    expect(catalogVariants('de', 'BR')).toEqual([]);
  });

  it('Brazil reads Brazilian Portuguese, Portugal European', () => {
    const br = { lang: 'pt', country: 'BR' } as const;
    expect(t(br, 'stock_results_count', { count: 2 })).toBe('2 motos encontradas');
    expect(t('pt', 'stock_results_count', { count: 2 })).toBe('2 motas encontradas');
    expect(t({ lang: 'pt', country: 'PT' }, 'stock_results_count', { count: 2 })).toBe('2 motas encontradas');
    expect(t(br, 'auth_password')).toBe('Senha');
    // Plural rules of the country: Portugal counts 0 as plural, Brazil as singular.
    expect(t({ lang: 'pt', country: 'PT' }, 'stock_results_count', { count: 0 })).toBe('0 motas encontradas');
    expect(t(br, 'stock_results_count', { count: 0 })).toBe('0 moto encontrada');
    expect(t(br, 'checkout_customer_tax_id')).toBe('CPF');
    expect(t(br, 'account_my_orders')).toBe('Os meus pedidos');
    // Keys without a Brazilian difference come from the language's catalog.
    expect(t(br, 'nav_home')).toBe(CATALOGS.pt.nav_home);
    const european = /(?<!\p{L})(motas?|palavras?-passe|moradas?|telemóve(l|is)|equipas?|utilizador(es)?)(?!\p{L})/iu;
    const order = /(?<!\p{L})encomendas?(?![\p{L}-]| postal)/iu;
    const left = Object.entries(messagesFor(br)).filter(([, v]) => european.test(v) || order.test(v));
    expect(left).toEqual([]);
  });

  it('Mexico and Argentina read Latin-American Spanish with their own tax ids', () => {
    const mx = { lang: 'es', country: 'MX' } as const;
    const ar = { lang: 'es', country: 'AR' } as const;
    expect(t(mx, 'invoice_vat_id', { id: 'X' })).toBe('RFC: X');
    expect(t(ar, 'invoice_vat_id', { id: 'X' })).toBe('CUIT: X');
    expect(t('es', 'invoice_vat_id', { id: 'X' })).toBe('NIF-IVA: X');
    expect(t(mx, 'nav_parts')).toBe('Repuestos y accesorios');
    expect(t(ar, 'nav_parts')).toBe('Repuestos y accesorios');
    expect(t({ lang: 'es', country: 'ES' }, 'nav_parts')).toBe(CATALOGS.es.nav_parts);
    // Ustedes, never vosotros.
    const vosotros = /(?<!\p{L})(vosotros|vuestr[oa]s?|podéis|tenéis|habéis|sois)(?!\p{L})/u;
    expect(Object.entries(messagesFor(mx)).filter(([, v]) => vosotros.test(v))).toEqual([]);
  });
});
