import type { RouterContextProvider } from 'react-router';
import { userApi } from '../../lib/auth.server.ts';
import { localeContext, servicesContext } from '../../lib/context.ts';
import { listParams } from './list-params.ts';
import { marketListQuery } from './markets.ts';
import { STOCK_FILTERS, stockListQuery } from './stock/list.ts';

export interface ExportArgs {
  context: Readonly<RouterContextProvider>;
  request: Request;
  /** The list page's address query: its search, filters and sort. */
  url: URL;
  /** The page language's text of a key. */
  t: (key: string) => string;
}
export interface ExportTable {
  /** The file's name without extension, e.g. `orders`. */
  filename: string;
  header: string[];
  rows: (string | number | null)[][];
}
export type Exporter = (args: ExportArgs) => Promise<ExportTable>;

/** How many rows an export reads at most (the API's largest page). */
export const EXPORT_ROWS = 500;

/**
 * The back office's CSV exports by name (`/admin/export/{name}`, decision 040): each list registers the function that
 * reads it with the page's search and filters and names its columns in the page's language.
 */
export const EXPORTS: Record<string, Exporter> = {
  'audit-log': async ({ context, request, t }) => {
    const { docs } = await userApi(context, request).call('getAdminAuditLog', { query: { limit: EXPORT_ROWS } });
    return {
      filename: 'audit-log',
      header: [t('admin_audit_when'), t('admin_audit_who'), t('admin_audit_as'), t('admin_audit_action')],
      rows: docs.map((entry) => [entry.createdAt, entry.actor?.email ?? '', entry.subject?.email ?? '', entry.action]),
    };
  },
  'stock-bikes': async ({ context, request, url, t }) => {
    const query = { ...stockListQuery(listParams(url, STOCK_FILTERS)), page: 1, pageSize: EXPORT_ROWS };
    const { docs } = await userApi(context, request).call('getAdminStockBikes', { query });
    return {
      filename: 'stock-bikes',
      header: [
        'ID',
        t('admin_stock_vin'),
        t('admin_stock_model'),
        t('admin_stock_market'),
        t('admin_stock_dealer'),
        t('admin_stock_status'),
        t('admin_stock_configuration'),
        t('admin_stock_photos'),
        t('admin_stock_updated'),
      ],
      rows: docs.map((b) => [
        b._id,
        b.vin,
        b.productId,
        b.country,
        b.dealer?.name ?? t('admin_stock_hq'),
        t(`admin_stock_status_${b.status}`),
        b.optionIds.join(' '),
        b.photos.length,
        b.updatedAt,
      ]),
    };
  },
  markets: async ({ context, request, url, t }) => {
    const query = { ...marketListQuery(listParams(url, ['status'])), page: 1, pageSize: EXPORT_ROWS };
    const { docs } = await userApi(context, request).call('getAdminMarkets', { query });
    return {
      filename: 'markets',
      header: [
        t('admin_markets_code'),
        t('admin_markets_name'),
        t('admin_markets_status'),
        t('admin_markets_currency'),
        t('admin_markets_language'),
        t('admin_markets_tax_display'),
        t('admin_markets_rate'),
      ],
      rows: docs.map((m) => [
        m.code,
        m.name,
        t(`admin_markets_${m.status}`),
        m.currency.code,
        m.language,
        t(`admin_markets_${m.taxDisplay}`),
        m.vatRateBp / 100,
      ]),
    };
  },
};

/** The page language's messages as a lookup (keys without a text stay as they are). */
export function exportTranslator(context: Readonly<RouterContextProvider>): (key: string) => string {
  const messages = context.get(servicesContext).messagesFor(context.get(localeContext));
  return (key) => messages[key] ?? key;
}
