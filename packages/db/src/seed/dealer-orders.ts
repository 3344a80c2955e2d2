import { configurationHash, vatBreakdown } from '@varg/domain';
import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { orderLines, orders, payments } from '../schema/index.ts';
import { BASE, PRODUCT_OPTIONS } from './catalog.ts';
import { DEMO_VEHICLE_ORDER_ID } from './orders.ts';

// Orders the demo dealers look after (docs/decisions/025-dealer-orders.md): a Spanish rider's VARG MX picked up at
// dealer@'s Barcelona store with its deposit paid, dealer@'s own VARG EX bought at the Dealer price type, the demo
// customer's VARG EX looked after by the Munich lead dealer, a French company's MX at the Lyon store and Austin's own
// stock order. Prices are the catalogue's (EUR markets include VAT; the US adds Texas sales tax).

type Tx = Pick<Db, 'insert' | 'update'>;

export const DEMO_DEALER_CUSTOMER_ORDER_ID = 'f0a1e000-0000-4000-8000-000000000101';
export const DEMO_DEALER_OWN_ORDER_ID = 'f0a1e000-0000-4000-8000-000000000102';
const LYON_ORDER_ID = 'f0a1e000-0000-4000-8000-000000000103';
const AUSTIN_ORDER_ID = 'f0a1e000-0000-4000-8000-000000000104';

/** The default option of every group of a model, with some replaced. */
function configuration(productId: string, chosen: string[]): string[] {
  const groups = Object.values(PRODUCT_OPTIONS[productId] ?? {});
  return groups
    .map((group) => group.find(([id]) => chosen.includes(id))?.[0] ?? ((group[0] as readonly unknown[])[0] as string))
    .sort();
}

/** A configuration's list price in minor units (EUR or USD list). */
function listPrice(productId: string, optionIds: string[], currency: 'EUR' | 'USD'): number {
  const base = BASE[productId] as { eur: number; usd: number };
  let whole = currency === 'EUR' ? base.eur : base.usd;
  for (const group of Object.values(PRODUCT_OPTIONS[productId] ?? {})) {
    for (const [id, eur, usd] of group) if (optionIds.includes(id)) whole += currency === 'EUR' ? eur : usd;
  }
  return whole * 100;
}

interface DemoOrder {
  id: string;
  userId: string;
  dealerId: string;
  country: string;
  currency: 'EUR' | 'USD';
  language: string;
  /** VAT contained (EU) in basis points, or sales tax added (US). */
  rateBp: number;
  taxAdded?: boolean;
  customerType: 'B2C' | 'B2B' | 'Dealer';
  contact: { firstName: string; lastName: string; email: string; phone: string };
  address: Record<string, string>;
  billing: Record<string, unknown>;
  shippingMethod: string;
  pickup?: Record<string, unknown>;
  reference?: string;
  bike: { productId: string; options: string[] };
  shipping: number;
  paid?: { kind: string; method: string; amount: number | 'all' };
  createdAt: string;
}

async function insertOrder(tx: Tx, o: DemoOrder): Promise<void> {
  const optionIds = configuration(o.bike.productId, o.bike.options);
  const price = listPrice(o.bike.productId, optionIds, o.currency);
  let tax: number;
  let total: number;
  let taxDetails: Record<string, unknown>;
  if (o.taxAdded) {
    const lines = [price, o.shipping];
    const added = lines.map((amount) => Math.round((amount * o.rateBp) / 10_000));
    tax = added.reduce((a, b) => a + b, 0);
    total = price + o.shipping + tax;
    taxDetails = {
      regime: 'us_sales_tax',
      rateBp: o.rateBp,
      reverseCharge: false,
      noteKey: null,
      state: o.address.state,
      net: price + o.shipping,
      displayExcludingTaxes: true,
    };
  } else {
    const vat = vatBreakdown({
      currency: o.currency,
      pricesIncludeVat: true,
      amounts: [price, o.shipping].map((amount) => ({ amount, vatRateBp: o.rateBp })),
    });
    tax = vat.vat;
    total = price + o.shipping;
    taxDetails = {
      regime: 'eu_vat',
      rateBp: o.rateBp,
      reverseCharge: false,
      noteKey: null,
      state: null,
      net: vat.net,
      displayExcludingTaxes: false,
    };
  }
  const at = new Date(o.createdAt);
  await tx.insert(orders).values({
    id: o.id,
    type: 'vehicle',
    userId: o.userId,
    dealerId: o.dealerId,
    status: 'pending_payment',
    country: o.country,
    currency: o.currency,
    language: o.language,
    customerType: o.customerType,
    contact: o.contact,
    shippingAddress: o.pickup ? { ...o.address, pickup: o.pickup } : o.address,
    billing: o.billing,
    shippingMethod: o.shippingMethod,
    customerOrderReference: o.reference ?? '',
    subtotal: price,
    shipping: o.shipping,
    fees: 0,
    tax,
    total,
    taxDetails,
    deliveryDate: new Date(at.getTime() + 70 * 86_400_000).toISOString().slice(0, 10),
    createdAt: at,
    updatedAt: at,
  });
  await tx.insert(orderLines).values({
    orderId: o.id,
    type: 'bike',
    productId: o.bike.productId,
    hash: configurationHash(o.bike.productId, optionIds),
    optionIds,
    nameKey: `model_${o.bike.productId.replace(/-/g, '_')}_name`,
    name: '',
    quantity: 1,
    unitPrice: price,
    vatRateBp: o.rateBp,
    total: price + (o.taxAdded ? Math.round((price * o.rateBp) / 10_000) : 0),
    deposit: 50_000,
  });
  if (o.paid) {
    await tx.insert(payments).values({
      orderId: o.id,
      userId: o.userId,
      kind: o.paid.kind,
      method: o.paid.method,
      status: 'SUCCEEDED',
      amount: o.paid.amount === 'all' ? total : o.paid.amount,
      currency: o.currency,
      provider: 'sandbox',
      providerReference: `demo_${o.id.slice(-3)}_${o.paid.kind}`,
      createdAt: new Date(at.getTime() + 60_000),
      updatedAt: new Date(at.getTime() + 120_000),
    });
  }
}

const dealerAddress = (line1: string, postalCode: string, city: string, country: string, state = '') => ({
  line1,
  line2: '',
  postalCode,
  city,
  state,
  country,
});

export async function seedDealerOrders(
  tx: Tx,
  userIds: ReadonlyMap<string, string>,
  dealerIds: ReadonlyMap<string, string>,
): Promise<void> {
  const user = (email: string) => userIds.get(`${email}@demo.starkfuture.com`);
  const dealer = (email: string) => dealerIds.get(`${email}@demo.starkfuture.com`);
  const rider = user('rider-es');
  const barcelona = dealer('dealer');
  if (rider && barcelona) {
    const address = dealerAddress('Carrer de Mallorca 214', '08008', 'Barcelona', 'ES');
    await insertOrder(tx, {
      id: DEMO_DEALER_CUSTOMER_ORDER_ID,
      userId: rider,
      dealerId: barcelona,
      country: 'ES',
      currency: 'EUR',
      language: 'es',
      rateBp: 2100,
      customerType: 'B2C',
      contact: {
        firstName: 'Lucía',
        lastName: 'Martín',
        email: 'rider-es@demo.starkfuture.com',
        phone: '+34611222333',
      },
      address,
      billing: { type: 'person', firstName: 'Lucía', lastName: 'Martín', address },
      shippingMethod: 'dealer_pickup',
      pickup: { dealerId: barcelona, label: 'Moto Electric Barcelona' },
      bike: { productId: 'varg', options: ['varg_option_white', 'varg_option_80hp', 'varg_option_tires_soft'] },
      shipping: 0,
      paid: { kind: 'deposit', method: 'card', amount: 50_000 },
      createdAt: '2026-10-06T09:30:00Z',
    });
  }
  const marc = user('dealer');
  if (marc && barcelona) {
    const address = dealerAddress('Carrer de Pallars 193', '08005', 'Barcelona', 'ES');
    await insertOrder(tx, {
      id: DEMO_DEALER_OWN_ORDER_ID,
      userId: marc,
      dealerId: barcelona,
      country: 'ES',
      currency: 'EUR',
      language: 'es',
      rateBp: 2100,
      customerType: 'Dealer',
      contact: { firstName: 'Marc', lastName: 'Puig', email: 'dealer@demo.starkfuture.com', phone: '+34612345678' },
      address,
      billing: { type: 'company', companyName: 'Moto Electric Barcelona SL', vatId: 'ESB12345674', address },
      shippingMethod: 'home_delivery',
      reference: 'Demo bike 2027',
      bike: { productId: 'varg-ex', options: ['varg_option_grey', 'varg_option_side_stand_yes'] },
      shipping: 34_900,
      createdAt: '2026-10-20T15:00:00Z',
    });
  }
  const julien = user('company');
  const lyon = dealer('lyon');
  if (julien && lyon) {
    const address = dealerAddress('8 Quai Perrache', '69002', 'Lyon', 'FR');
    await insertOrder(tx, {
      id: LYON_ORDER_ID,
      userId: julien,
      dealerId: lyon,
      country: 'FR',
      currency: 'EUR',
      language: 'fr',
      rateBp: 2000,
      customerType: 'B2C',
      contact: {
        firstName: 'Julien',
        lastName: 'Moreau',
        email: 'company@demo.starkfuture.com',
        phone: '+33612345678',
      },
      address,
      billing: { type: 'person', firstName: 'Julien', lastName: 'Moreau', address },
      shippingMethod: 'dealer_pickup',
      pickup: { dealerId: lyon, label: 'Lyon Moto Électrique' },
      bike: { productId: 'varg', options: ['varg_option_grey'] },
      shipping: 0,
      createdAt: '2026-11-02T11:00:00Z',
    });
  }
  const jake = user('austin');
  const austin = dealer('austin');
  if (jake && austin) {
    const address = dealerAddress('4501 S Congress Ave', '78745', 'Austin', 'US', 'TX');
    await insertOrder(tx, {
      id: AUSTIN_ORDER_ID,
      userId: jake,
      dealerId: austin,
      country: 'US',
      currency: 'USD',
      language: 'en-us',
      rateBp: 625,
      taxAdded: true,
      customerType: 'Dealer',
      contact: { firstName: 'Jake', lastName: 'Miller', email: 'austin@demo.starkfuture.com', phone: '+15125550142' },
      address,
      billing: { type: 'company', companyName: 'Hill Country Electric Moto LLC', address },
      shippingMethod: 'home_delivery',
      bike: { productId: 'varg-ex', options: ['varg_option_red'] },
      shipping: 0,
      paid: { kind: 'full', method: 'ach', amount: 'all' },
      createdAt: '2026-09-15T17:00:00Z',
    });
  }
  // The demo customer's VARG EX (seed/orders.ts) was sold by the Munich store.
  const munich = dealer('lead-dealer');
  if (munich) await tx.update(orders).set({ dealerId: munich }).where(eq(orders.id, DEMO_VEHICLE_ORDER_ID));
}
