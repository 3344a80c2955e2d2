// Dealer orders (decision 025): what every part shares — the module's dependencies and who may read or edit an order.
import type { TaxCalculation, TaxInput, TaxMarket } from '@varg/domain';
import { ApiError } from '../../lib/api-error.ts';
import type { StorageProvider } from '../../providers/storage/interface.ts';
import { isApprovedDealer } from '../dealers/directory.ts';
import type { DealerOrdersRepo } from './dealer-repo.ts';
import type { DownloadLinks } from './download-link.ts';
import type { OrdersRepo, OrderWithDetails } from './repo.ts';
import type { Viewer } from './service.ts';
import type { OptionGroups } from './view.ts';

type Json = Record<string, unknown>;
export const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export interface DealerRecord {
  id: string;
  status: number;
  maxDiscountBp: number;
}

export interface ConfigurationPrice {
  productId: string;
  optionIds: string[];
  currency: string;
  /** One bike as listed in the market (with VAT where the market shows it so). */
  unitPrice: number;
  /** The deposit of one bike. */
  deposit: number;
}

export interface ShippingChoice {
  _id: string;
  name: string;
  price: { amount: number };
  extraFees: { warehouse: number };
  pickup?: unknown;
}

export interface DealerOrdersDeps {
  repo: DealerOrdersRepo;
  orders: OrdersRepo;
  dealerOf(userId: string): Promise<DealerRecord | null>;
  configurationPrice(hash: string, country: string): Promise<ConfigurationPrice>;
  market(country: string): Promise<TaxMarket>;
  tax(input: TaxInput): Promise<TaxCalculation>;
  shippingMethods(input: { country: string; kind: 'vehicle' | 'store'; subtotal: number }): Promise<ShippingChoice[]>;
  storage: StorageProvider;
  optionGroups: OptionGroups;
  /** Signs the links that open an attached invoice in a new tab (as GET order/document does for invoices). */
  links: DownloadLinks;
}

/** Who may read and edit which order: its dealer (approved), its buyer where said, administrators. */
export function dealerOrdersContext(deps: DealerOrdersDeps) {
  const isAdmin = (viewer: Viewer) => viewer.roles.includes('admin');

  /** The caller's active dealer record; FORBIDDEN for anybody else (administrators pass with none). */
  async function dealerFor(viewer: Viewer): Promise<DealerRecord | null> {
    if (isAdmin(viewer)) return null;
    const dealer = viewer.roles.includes('dealer') ? await deps.dealerOf(viewer.userId) : null;
    if (!isApprovedDealer(dealer)) throw new ApiError('FORBIDDEN');
    return dealer;
  }

  const looksAfter = (dealer: DealerRecord | null, viewer: Viewer, order: OrderWithDetails['order']) =>
    isAdmin(viewer) || (dealer !== null && (order.dealerId === dealer.id || order.userId === viewer.userId));
  const mayEdit = (dealer: DealerRecord | null, viewer: Viewer, order: OrderWithDetails['order']) =>
    order.status !== 'cancelled' && (isAdmin(viewer) || (dealer !== null && order.dealerId === dealer.id));

  /** An order the dealer looks after; any other (or unknown) is ORDER_NOT_FOUND, so ids cannot be probed. */
  async function readable(viewer: Viewer, id: string) {
    const dealer = await dealerFor(viewer);
    const found = await deps.orders.order(id);
    if (!found || !looksAfter(dealer, viewer, found.order)) throw new ApiError('ORDER_NOT_FOUND');
    return { dealer, found };
  }

  async function editable(viewer: Viewer, id: string) {
    const { dealer, found } = await readable(viewer, id);
    if (!mayEdit(dealer, viewer, found.order)) throw new ApiError('ORDER_NOT_EDITABLE');
    return { dealer, found };
  }

  return { deps, repo: deps.repo, isAdmin, dealerFor, mayEdit, readable, editable };
}
export type DealerOrdersContext = ReturnType<typeof dealerOrdersContext>;
