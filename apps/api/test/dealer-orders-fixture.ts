import { DEMO_DEALER_CUSTOMER_ORDER_ID, DEMO_DEALER_OWN_ORDER_ID } from '@varg/db';
import { configurationHash } from '@varg/domain';
import { expect } from 'vitest';
import { apiCalls, DEMO_ACCOUNTS, useApi } from './helper.ts';

// The dealer orders tests' shared setup (apps/api/src/modules/orders/dealer-{orders,order-edits}.test.ts): the API on a
// fresh database with its calls, the demo accounts and orders, saved configurations, reading an order and a PDF.

/** The API of the current test file (built before its tests, closed after them). */
export let ctx: ReturnType<typeof useApi>;
/** Its calls (one address counter for the file). */
export let calls: ReturnType<typeof apiCalls>;

/** Builds the API for the current test file (call once, at the top of the file); the helpers here call it. */
export function dealerOrdersApi() {
  ctx = useApi();
  calls = apiCalls(ctx, 40);
  return ctx;
}

export const { DEALER, LYON, LEAD_DEALER, RIDER, CUSTOMER, ADMIN, AUSTIN } = DEMO_ACCOUNTS;
export const RIDER_ORDER = DEMO_DEALER_CUSTOMER_ORDER_ID;
export const OWN_ORDER = DEMO_DEALER_OWN_ORDER_ID;
export const LAURA_ORDER = 'f0a1e000-0000-4000-8000-000000000001';
export const AUSTIN_ORDER = 'f0a1e000-0000-4000-8000-000000000104';
export const UNKNOWN = 'f0a1e000-0000-4000-8000-0000000000ff';

export const MX_DEFAULTS = [
  'varg_option_red',
  'varg_option_60hp',
  'varg_option_handbrake',
  'varg_option_65_70',
  'varg_option_front_disk_guard_no',
  'varg_option_rear_disk_guard_no',
  'varg_option_tires_medium',
  'varg_option_footpeg_standard',
  'varg_option_titanium_bolts_no',
  'varg_option_tubolito',
  'varg_option_registration_no',
];

/** A configuration saved the way the configurator saves it (orderInfo), answering its hash. */
export async function savedHash(productId: string, country: string, optionIds: string[]): Promise<string> {
  const query = optionIds.map((id) => `componentId=${id}`).join('&');
  const info = await calls.ok(
    await calls.call('GET', `/v1/checkout/orderInfo/${productId}?country=${country}&${query}`),
  );
  expect(info.hash).toBe(configurationHash(productId, optionIds));
  return info.hash as string;
}

export const order = async (token: string, id: string) =>
  calls.ok(await calls.call('GET', `/v1/dealer/orders/${id}`, token));
export const pdf = (text = 'Dealer invoice 2026-118') =>
  Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
