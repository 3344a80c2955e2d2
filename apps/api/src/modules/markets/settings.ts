// What each market offers at checkout (decision 054): the back office's settings, kept in memory by every process (a
// row per market an administrator saved, a few hundred at most) so the payments' synchronous rules can read them.
// Loaded at start and again whenever any process announces a change on the catalogue's channel.
import { type Db, marketSettings } from '@varg/db';
import type { MarketPaymentKind, MarketSettings, ShippingMethodKind } from '@varg/domain';

export type MarketSettingsRow = typeof marketSettings.$inferSelect;

export const settingsOfRow = (row: MarketSettingsRow): MarketSettings => ({
  paymentMethods: row.paymentMethods,
  paymentKinds: row.paymentKinds as MarketPaymentKind[],
  shippingMethods: row.shippingMethods as ShippingMethodKind[],
  fees: { vehicleDelivery: row.vehicleDelivery, parcel: row.parcel, freeParcelFrom: row.freeParcelFrom },
  currency: row.currency,
});

export interface MarketSettingsStore {
  /** The market's own settings, or null: it offers what the fixed tables say. */
  of(country: string): MarketSettings | null;
  /** Reads every market's settings again (after a change, here or in another process). */
  load(): Promise<void>;
}

export async function marketSettingsStore(db: Db, onError: (error: unknown) => void): Promise<MarketSettingsStore> {
  let byCountry = new Map<string, MarketSettings>();
  let loading: Promise<void> | null = null;
  const read = async () => {
    const rows = await db.select().from(marketSettings);
    byCountry = new Map(rows.map((r) => [r.country, settingsOfRow(r)]));
  };
  const store: MarketSettingsStore = {
    of: (country) => byCountry.get(country.toUpperCase()) ?? null,
    async load() {
      // One read at a time; a change announced during a read is read by the next one.
      const previous = loading;
      const next = (async () => {
        await previous?.catch(() => undefined);
        await read().catch(onError);
      })();
      loading = next;
      await next;
    },
  };
  await read();
  return store;
}
