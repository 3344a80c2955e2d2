import { configurationHash, vatBreakdown } from '@varg/domain';
import type { Db } from '../client.ts';
import { orderLines, orders, payments, walletEntries } from '../schema/index.ts';
import { PRODUCT_OPTIONS } from './catalog.ts';

// Two demo orders of the demo customer (customer@demo.starkfuture.com, Germany, German), so the order pages, the
// invoice and the bank details have something to show (docs/decisions/014-orders-and-invoices.md). Inserted once,
// with the demo accounts; prices are the catalogue's EUR prices, which include Germany's 19 % VAT.

export const DEMO_VEHICLE_ORDER_ID = 'f0a1e000-0000-4000-8000-000000000001';
export const DEMO_PARTS_ORDER_ID = 'f0a1e000-0000-4000-8000-000000000002';

const VAT_DE = 1900;

type Tx = Pick<Db, 'insert'>;

const contact = {
  firstName: 'Laura',
  lastName: 'Fischer',
  email: 'customer@demo.starkfuture.com',
  phone: '+4915123456789',
};
const address = { line1: 'Torstraße 125', line2: '', postalCode: '10119', city: 'Berlin', state: '', country: 'DE' };
const billing = {
  firstName: 'Laura',
  lastName: 'Fischer',
  companyName: null,
  companyId: null,
  address,
  reverseCharge: false,
};

/** The option price (whole euros) of a VARG EX option, from the catalogue. */
function exOption(id: string): number {
  for (const list of Object.values(PRODUCT_OPTIONS['varg-ex'] ?? {})) {
    const found = list.find(([optionId]) => optionId === id);
    if (found) return found[1];
  }
  throw new Error(`unknown VARG EX option ${id}`);
}

/** Order totals as the checkout computes them where prices include VAT: the VAT contained, by rate. */
function totals(lineTotals: number[], shipping: number) {
  const subtotal = lineTotals.reduce((a, b) => a + b, 0);
  const vat = vatBreakdown({
    currency: 'EUR',
    pricesIncludeVat: true,
    amounts: [...lineTotals, shipping].map((amount) => ({ amount, vatRateBp: VAT_DE })),
  });
  return {
    subtotal,
    shipping,
    fees: 0,
    tax: vat.vat,
    total: subtotal + shipping,
    taxDetails: {
      country: 'DE',
      currency: 'EUR',
      regime: 'eu_vat',
      rateBp: VAT_DE,
      reverseCharge: false,
      amount: vat.vat,
      net: vat.net,
      total: vat.gross,
      strategy: { displayExcludingTaxes: false, displayTaxes: true },
    },
  };
}

export async function seedDemoOrders(tx: Tx, customerId: string): Promise<void> {
  // Goodwill credit (the wallet, decision 017): 150 € and 150 $ the buyer can spend at checkout.
  await tx.insert(walletEntries).values([
    {
      userId: customerId,
      currency: 'EUR',
      amount: 15_000,
      reason: 'goodwill',
      createdAt: new Date('2026-04-01T09:00:00Z'),
    },
    {
      userId: customerId,
      currency: 'USD',
      amount: 15_000,
      reason: 'goodwill',
      createdAt: new Date('2026-04-01T09:00:00Z'),
    },
  ]);

  // A VARG EX, street legal (registration needs the side stand), 80 hp, grey, with a front disc guard; the 500 €
  // deposit paid by card, the rest due before delivery.
  const exOptions = [
    'varg_option_grey',
    'varg_option_80hp',
    'varg_option_handbrake',
    'varg_option_mx19',
    'varg_option_side_stand_yes',
    'varg_option_75_80',
    'varg_option_tires_18_21',
    'varg_option_front_disk_guard_yes',
    'varg_option_rear_disk_guard_no',
    'varg_option_tubeless',
    'varg_option_registration_yes',
  ];
  const exPrice = (13_900 + exOptions.reduce((sum, id) => sum + exOption(id), 0)) * 100;
  const vehicle = totals([exPrice], 34_900);
  await tx.insert(orders).values({
    id: DEMO_VEHICLE_ORDER_ID,
    type: 'vehicle',
    userId: customerId,
    status: 'partially_paid',
    country: 'DE',
    currency: 'EUR',
    language: 'de',
    customerType: 'B2C',
    contact,
    shippingAddress: address,
    billing,
    shippingMethod: 'home_delivery',
    customerOrderReference: '',
    ...vehicle,
    deliveryDate: '2026-05-11',
    createdAt: new Date('2026-03-02T10:15:00Z'),
    updatedAt: new Date('2026-03-02T10:17:00Z'),
  });
  await tx.insert(orderLines).values({
    orderId: DEMO_VEHICLE_ORDER_ID,
    type: 'bike',
    productId: 'varg-ex',
    hash: configurationHash('varg-ex', exOptions),
    optionIds: [...exOptions].sort(),
    nameKey: 'model_varg_ex_name',
    name: 'VARG EX',
    quantity: 1,
    unitPrice: exPrice,
    vatRateBp: VAT_DE,
    total: exPrice,
    deposit: 50_000,
  });
  await tx.insert(payments).values({
    orderId: DEMO_VEHICLE_ORDER_ID,
    kind: 'deposit',
    method: 'card',
    status: 'SUCCEEDED',
    amount: 50_000,
    currency: 'EUR',
    provider: 'sandbox',
    providerReference: 'demo_pi_vehicle_deposit',
    createdAt: new Date('2026-03-02T10:16:00Z'),
    updatedAt: new Date('2026-03-02T10:17:00Z'),
  });

  // Parts for the same bike: an enduro rear tyre, two 18" Power Tubes and the grip seat, paid in full by bank
  // transfer three days later.
  const parts = [
    { variantCode: 'SF-TY-XC-18', nameKey: '', name: 'Pirelli Scorpion XC 120/100-18', quantity: 1, unit: 10_900 },
    { variantCode: 'SF-PT-18', nameKey: '', name: 'Power Tube 18"', quantity: 2, unit: 5_499 },
    { variantCode: 'SF-SE-GRIP', nameKey: 'store_article_grip_seat', name: 'Grip seat', quantity: 1, unit: 20_900 },
  ];
  const store = totals(
    parts.map((p) => p.unit * p.quantity),
    990,
  );
  await tx.insert(orders).values({
    id: DEMO_PARTS_ORDER_ID,
    type: 'store',
    userId: customerId,
    status: 'paid',
    country: 'DE',
    currency: 'EUR',
    language: 'de',
    customerType: 'B2C',
    contact,
    shippingAddress: address,
    billing,
    shippingMethod: 'standard',
    customerOrderReference: '',
    ...store,
    deliveryDate: null,
    createdAt: new Date('2026-03-20T16:40:00Z'),
    updatedAt: new Date('2026-03-23T09:05:00Z'),
  });
  await tx.insert(orderLines).values(
    parts.map((p) => ({
      orderId: DEMO_PARTS_ORDER_ID,
      type: 'store',
      variantCode: p.variantCode,
      nameKey: p.nameKey,
      name: p.name,
      quantity: p.quantity,
      unitPrice: p.unit,
      vatRateBp: VAT_DE,
      total: p.unit * p.quantity,
    })),
  );
  await tx.insert(payments).values({
    orderId: DEMO_PARTS_ORDER_ID,
    kind: 'full',
    method: 'bank_transfer',
    status: 'SUCCEEDED',
    amount: store.total,
    currency: 'EUR',
    provider: 'sandbox',
    providerReference: 'demo_bt_parts_full',
    createdAt: new Date('2026-03-20T16:41:00Z'),
    updatedAt: new Date('2026-03-23T09:05:00Z'),
  });
}
