// The back office's markets (issue 24 item 4, decision 043): activate or pause a country, its currency, language and
// tax. Every change is audited on the market (entity `market`) in its transaction; the markets' read cache is then
// dropped so this process serves the change at once.
import type { AdminMarket, AdminMarketListQuery, AdminMarketUpdate } from '@varg/contracts';
import { ACTIVE_STATUS } from '@varg/domain';
import { ApiError } from '../../lib/api-error.ts';
import { type AuditService, changedFields } from '../audit/service.ts';
import type { MarketRow, MarketsAdminRepo } from './admin-repo.ts';

/** A paused market's status (the storefront treats anything but 1 as inactive). */
export const PAUSED_STATUS = 0;

/** Who still has something priced in a market's currency: open carts and unpaid orders (other modules count them). */
export interface MarketUse {
  openCarts(country: string): Promise<number>;
  unpaidOrders(country: string): Promise<number>;
}

function toAdminMarket(row: MarketRow): AdminMarket {
  return {
    code: row.code,
    name: row.name,
    status: row.status === ACTIVE_STATUS ? 'active' : 'paused',
    isDefault: row.isDefault,
    language: row.languageCode,
    currency: { code: row.currencyCode, symbol: row.currencySymbol },
    taxDisplay: row.taxDisplay as AdminMarket['taxDisplay'],
    vatRateBp: row.vatRateBp,
    shouldVerifyCompanyTaxes: row.shouldVerifyCompanyTaxes,
  };
}

/** A currency code the runtime knows (ISO 4217). */
const isCurrency = (code: string) => Intl.supportedValuesOf('currency').includes(code);

export function marketsAdminService(deps: {
  repo: MarketsAdminRepo;
  audit: AuditService;
  use: MarketUse;
  /** Announces a committed change: every process drops its markets' and catalogue's caches. */
  changed: (code: string) => Promise<void>;
}) {
  const { repo, audit } = deps;
  return {
    async list(query: AdminMarketListQuery) {
      const status = query.status === undefined ? undefined : query.status === 'active' ? ACTIVE_STATUS : PAUSED_STATUS;
      const { rows, total } = await repo.list({ ...query, status });
      return { docs: rows.map(toAdminMarket), total, page: query.page, pageSize: query.pageSize };
    },

    async get(code: string) {
      const row = await repo.find(code);
      if (!row) throw new ApiError('COUNTRY_NOT_FOUND');
      return toAdminMarket(row);
    },

    async options() {
      return { languages: await repo.languages() };
    },

    /**
     * A market's settings. An active market needs a known currency and, where prices include VAT, a rate above zero
     * (400 MARKET_INCOMPLETE); the default market (the storefront's fallback) cannot be paused (409
     * MARKET_DEFAULT_PAUSE); the currency cannot change while the market has open carts or unpaid orders (409
     * MARKET_CURRENCY_IN_USE): they were priced and are paid in the old one.
     */
    async update(code: string, body: AdminMarketUpdate, actor: { actorId: string; ip: string | null }) {
      if (!isCurrency(body.currencyCode)) throw new ApiError('MARKET_INCOMPLETE');
      if (body.status === 'active' && body.taxDisplay === 'including' && body.vatRateBp === 0) {
        throw new ApiError('MARKET_INCOMPLETE');
      }
      const languages = await repo.languages();
      if (!languages.some((l) => l.code === body.language)) throw new ApiError('LANGUAGE_NOT_FOUND');
      // Carts and orders are other modules' (read outside this transaction, on their own connections): a cart
      // started in the moment between this check and the change is priced in the new currency on its next read.
      const current = await repo.find(code);
      if (!current) throw new ApiError('COUNTRY_NOT_FOUND');
      if (current.currencyCode !== body.currencyCode) {
        const [carts, orders] = await Promise.all([deps.use.openCarts(code), deps.use.unpaidOrders(code)]);
        if (carts + orders > 0) throw new ApiError('MARKET_CURRENCY_IN_USE');
      }
      await repo.transaction(async (tx) => {
        const row = await repo.lock(tx, code);
        if (!row) throw new ApiError('COUNTRY_NOT_FOUND');
        if (row.isDefault && body.status !== 'active') throw new ApiError('MARKET_DEFAULT_PAUSE');
        if (row.currencyCode !== current.currencyCode) throw new ApiError('MARKET_CURRENCY_IN_USE');
        const next: Partial<MarketRow> = {
          status: body.status === 'active' ? ACTIVE_STATUS : PAUSED_STATUS,
          languageCode: body.language,
          currencyCode: body.currencyCode,
          currencySymbol: body.currencySymbol,
          taxDisplay: body.taxDisplay,
          vatRateBp: body.vatRateBp,
        };
        const diff = changedFields(row as unknown as Record<string, unknown>, next);
        if (Object.keys(diff.after).length === 0) return;
        await repo.update(tx, code, next);
        const action =
          diff.after.status === ACTIVE_STATUS
            ? 'market.activate'
            : diff.after.status === PAUSED_STATUS
              ? 'market.pause'
              : 'market.update';
        await audit.record({ ...actor, action, entity: { type: 'market', id: code }, ...diff }, tx);
      });
      await deps.changed(code);
      return this.get(code);
    },
  };
}
export type MarketsAdminService = ReturnType<typeof marketsAdminService>;
