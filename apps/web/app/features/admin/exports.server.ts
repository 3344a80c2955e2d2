import type { RouterContextProvider } from 'react-router';
import { userApi } from '../../lib/auth.server.ts';
import { localeContext, servicesContext } from '../../lib/context.ts';
import { auctionWinnersExport } from './auction/winners-export.server.ts';
import { auditLogQuery } from './audit-query.ts';
import { MODEL_STATUS_KEYS, modelsQuery } from './catalogue.ts';
import { listParams } from './list-params.ts';
import { marketListQuery } from './markets.ts';
import { orderListQuery } from './orders/params.ts';
import { KIND_KEYS, partsQuery } from './parts.ts';
import { PEOPLE_EXPORTS } from './people/exports.server.ts';
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
  ...PEOPLE_EXPORTS,
  'auction-winners': auctionWinnersExport,
  // The audit log page's rows with its search and filters (`/admin/audit`).
  'audit-log': async ({ context, request, url, t }) => {
    const { docs } = await userApi(context, request).call('getAdminAuditLog', {
      query: auditLogQuery(url, EXPORT_ROWS),
    });
    return {
      filename: 'audit-log',
      header: [
        t('admin_audit_when'),
        t('admin_audit_who'),
        t('admin_audit_as'),
        t('admin_audit_action'),
        t('admin_audit_filter_entity'),
        t('admin_audit_record'),
      ],
      rows: docs.map((entry) => [
        entry.createdAt,
        entry.actor?.email ?? '',
        entry.subject?.email ?? '',
        entry.action,
        entry.entityType ?? '',
        entry.entityId ?? '',
      ]),
    };
  },
  // The back office's orders (decision 042): the list's search and filters, amounts in minor units' decimal form.
  orders: async ({ context, request, url, t }) => {
    const query = { ...orderListQuery(url), page: 1, pageSize: EXPORT_ROWS };
    const { docs } = await userApi(context, request).call('getAdminOrders', { query });
    const decimal = (n: number) => (n / 100).toFixed(2);
    return {
      filename: 'orders',
      header: [
        t('admin_orders_number'),
        t('admin_orders_placed'),
        t('admin_orders_kind'),
        t('admin_orders_status'),
        t('admin_orders_market'),
        t('admin_orders_buyer'),
        t('admin_orders_email'),
        t('admin_orders_vin'),
        t('admin_orders_dealer'),
        t('order_total'),
        t('order_paid'),
        t('admin_orders_due'),
        t('admin_orders_currency'),
        t('admin_orders_deadline'),
      ],
      rows: docs.map((o) => [
        o.number,
        o.createdAt,
        t(`order_type_${o.type}`),
        t(`order_status_${o.status}`),
        o.country,
        o.buyer.name,
        o.buyer.email,
        o.vins.join(' '),
        o.dealer?.name ?? '',
        decimal(o.total),
        decimal(o.paid),
        decimal(o.toPay),
        o.currency,
        o.paymentDeadline ?? '',
      ]),
    };
  },
  catalogue: async ({ context, request, url, t }) => {
    const query = { ...modelsQuery(url), page: 1, pageSize: EXPORT_ROWS };
    const { docs } = await userApi(context, request).call('getAdminCatalogueModels', { query });
    return {
      filename: 'catalogue',
      header: [
        t('admin_catalogue_model'),
        t('admin_catalogue_slug'),
        t('admin_catalogue_status'),
        t('admin_catalogue_options'),
        t('admin_catalogue_position'),
      ],
      rows: docs.map((m) => [t(m.nameKey), m._id, t(MODEL_STATUS_KEYS[m.status]), m.options, m.sort]),
    };
  },
  parts: async ({ context, request, url, t }) => {
    const query = { ...partsQuery(url), page: 1, pageSize: EXPORT_ROWS };
    const { docs } = await userApi(context, request).call('getAdminParts', { query });
    const currencies = [...new Set(docs.flatMap((p) => p.prices.map((price) => price.currency)))].sort();
    return {
      filename: 'parts',
      header: [
        t('admin_parts_sku'),
        t('admin_parts_name'),
        t('admin_parts_kind'),
        t('admin_parts_fits'),
        t('admin_parts_availability'),
        t('admin_parts_quantity'),
        t('admin_parts_low_stock_at'),
        t('admin_parts_backorder'),
        ...currencies,
      ],
      rows: docs.map((p) => [
        p.sku,
        p.nameKey && t(p.nameKey) !== p.nameKey ? t(p.nameKey) : p.name,
        t(KIND_KEYS[p.kind]),
        p.fits.join(' '),
        p.retired ? t('admin_parts_retired') : t(`store_availability_${p.shopAvailability}`),
        p.quantity,
        p.lowStockAt,
        p.backorder ? '✓' : '',
        ...currencies.map((c) => {
          const price = p.prices.find((x) => x.currency === c);
          return price ? (price.listPrice / 100).toFixed(2) : '';
        }),
      ]),
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
