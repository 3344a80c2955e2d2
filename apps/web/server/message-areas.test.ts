import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ERRORS } from '@varg/contracts';
import { CATALOGS, SOURCE_LANGUAGE } from '@varg/i18n/server';
import { describe, expect, it } from 'vitest';
import { messagesAreaOf } from '../app/lib/messages.ts';
import { keysNamed, messageAreasJson, readFirstMessages, readMessageAreas, scanMessageAreas } from './message-areas.ts';

// The shop's pages download the shop's texts only (decision 067): a key a shop page shows but the scan put in the
// office's script (or left on the server) would show as its raw key. These tests read the sources their own way.

const keys = Object.keys(CATALOGS[SOURCE_LANGUAGE]);
const known = new Set(keys);
const areas = scanMessageAreas(keys);
const repoRoot = resolve(import.meta.dirname, '../../..');

/** The keys a file passes to `t(…)` as they are written, plural forms included. */
function translated(file: string): string[] {
  const source = readFileSync(join(repoRoot, file), 'utf8');
  const found: string[] = [];
  for (const m of source.matchAll(/\bt\(\s*(['"])([a-z][a-z0-9_]*)\1/g)) {
    const key = m[2] as string;
    found.push(...[key, `${key}_one`, `${key}_other`].filter((k) => known.has(k)));
  }
  return found;
}

describe('the areas of the messages', () => {
  it('file the pages by their address: the back office, the dealer portal and the translator are the office', () => {
    for (const [path, area] of [
      ['/de-DE', 'shop'],
      ['/de-DE/varg/stock-bikes', 'shop'],
      ['/checkout', 'shop'],
      ['/de-DE/orders/my', 'shop'],
      ['/de-DE/orders/parts/12', 'shop'],
      ['/de-DE/account/wallet', 'shop'],
      ['/de-DE/become-dealer', 'shop'],
      ['/de-DE/admin', 'office'],
      ['/de-DE/admin/orders/12.data', 'office'],
      ['/leads/3', 'office'],
      ['/de-DE/orders', 'office'],
      ['/de-DE/orders/ord_1', 'office'],
      ['/de-DE/invoices/group', 'office'],
      ['/de-DE/dealer', 'office'],
      ['/de-DE/mco-finder', 'office'],
      ['/de-DE/compliance/4', 'office'],
    ] as const) {
      expect(messagesAreaOf(path), path).toBe(area);
    }
    for (const [file, area] of [
      ['apps/web/app/root.tsx', 'shop'],
      ['apps/web/app/features/shell/header.tsx', 'shop'],
      ['apps/web/app/layouts/cabinet.tsx', 'shop'],
      ['apps/web/app/routes/checkout.tsx', 'shop'],
      ['apps/web/app/routes/orders-my.tsx', 'shop'],
      ['apps/web/app/layouts/admin.tsx', 'office'],
      ['apps/web/app/routes/admin-orders.tsx', 'office'],
      ['apps/web/app/features/admin/nav.ts', 'office'],
      ['apps/web/app/routes/leads.tsx', 'office'],
      ['apps/web/app/features/translator/translator-tool.tsx', 'office'],
    ] as const) {
      expect(areas.files.get(file), file).toBe(area);
    }
  });

  it("give every key a shop file translates to the shop's script, every key an office file translates to either", () => {
    const wrong: string[] = [];
    for (const [file, area] of areas.files) {
      for (const key of translated(file)) {
        const keyArea = areas.areaOf(key);
        if (keyArea === 'server' || (area === 'shop' && keyArea !== 'shop')) wrong.push(`${file}: ${key} (${keyArea})`);
      }
    }
    expect(wrong).toEqual([]);
    // The shop's header links to the back office with an `admin_` key: prefixes do not decide.
    expect(areas.areaOf('admin_title')).toBe('shop');
    expect(areas.areaOf('admin_nav_orders')).toBe('office');
  });

  it('count every key a template or a prefix can build', () => {
    const source = ['t(`lead_status_$', "{s}`); k.startsWith('ledger_kind_')"].join('');
    const used = keysNamed(source, keys, known);
    for (const key of keys.filter((k) => k.startsWith('lead_status_') || k.startsWith('ledger_kind_'))) {
      expect(used.has(key), key).toBe(true);
    }
    expect(used.has('leads_title')).toBe(false);
    // A key with plural forms is named without them.
    expect(keysNamed("t('leads_count', { count })", keys, known)).toEqual(
      new Set(['leads_count_one', 'leads_count_other']),
    );
  });

  it("keep the API's error texts in the shop and only e-mails' and PDFs' texts on the server", () => {
    for (const { t_key } of Object.values(ERRORS)) expect(areas.areaOf(t_key), t_key).toBe('shop');
    expect(areas.areaOf('email_confirm_subject')).toBe('server');
    expect(areas.areaOf('invoice_vat_breakdown')).toBe('server');
    // Named by no source at all (a text of the data, say): the shop's, since nothing proves the browser never shows it.
    expect(areas.areaOf('no_source_names_this_key')).toBe('shop');
  });

  it("give a shop page's first script every key its own files translate, and not another page's", () => {
    const { common, routes } = areas.first;
    const firstOf = (...ids: string[]) =>
      new Set([...common, ...ids.flatMap((id) => [...(routes.get(id) ?? [`no list for ${id}`])])]);
    const home = firstOf('root', 'layouts/default', 'routes/home');
    const missing: string[] = [];
    for (const file of [
      'apps/web/app/root.tsx',
      'apps/web/app/features/shell/header.tsx',
      'apps/web/app/features/shell/footer.tsx',
      // Loaded on demand by the shell: part of every page's first texts.
      'apps/web/app/features/shell/cart-drawer.tsx',
      'apps/web/app/features/shell/locale-modal.tsx',
      'apps/web/app/routes/home.tsx',
    ]) {
      for (const key of translated(file)) if (!home.has(key)) missing.push(`${file}: ${key}`);
    }
    expect(missing).toEqual([]);
    // The checkout's own texts are not the home page's; the API's error texts are every page's.
    expect(home.has('checkout_title')).toBe(false);
    expect(firstOf('root', 'layouts/default', 'checkout').has('checkout_title')).toBe(true);
    for (const { t_key } of Object.values(ERRORS)) {
      const forms = [t_key, `${t_key}_one`, `${t_key}_other`].filter((key) => known.has(key));
      expect(forms.length, t_key).toBeGreaterThan(0);
      for (const key of forms) expect(common.has(key), key).toBe(true);
    }
    // The office's routes have no list: their pages get the shop's whole script.
    expect(routes.has('routes/admin-orders')).toBe(false);
    // Every first script holds shop keys only.
    for (const key of [...common, ...[...routes.values()].flatMap((used) => [...used])]) {
      expect(areas.areaOf(key), key).toBe('shop');
    }
  });

  it('reach the server through the file the build writes: every key in the same area as the scan put it', () => {
    const dir = mkdtempSync(join(tmpdir(), 'message-areas-'));
    try {
      const file = join(dir, 'message-areas.json');
      writeFileSync(file, JSON.stringify(messageAreasJson(areas, keys)));
      const areaOf = readMessageAreas(file);
      const moved = keys.filter((key) => areaOf(key) !== areas.areaOf(key));
      expect(moved).toEqual([]);
      expect(areaOf('admin_nav_orders')).toBe('office');
      expect(areaOf('email_confirm_subject')).toBe('server');
      expect(areaOf('no_source_names_this_key')).toBe('shop');
      const first = readFirstMessages(file);
      expect(first?.common).toEqual(areas.first.common);
      expect(first?.routes).toEqual(areas.first.routes);
      // A file written before the first scripts: every page gets the shop's.
      writeFileSync(file, JSON.stringify({ office: [], server: [] }));
      expect(readFirstMessages(file)).toBeUndefined();
      // Without the file (no build) the server refuses to start, saying what to run.
      expect(() => readMessageAreas(join(dir, 'missing.json'))).toThrow(/npm run build/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
