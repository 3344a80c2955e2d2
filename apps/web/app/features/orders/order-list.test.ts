import type { OrderViewPage } from '@varg/contracts';
import { describe, expect, it } from 'vitest';
import { orderCards } from './order-list.tsx';

const order = {
  id: 'f0a1e000-0000-4000-8000-000000000001',
  number: 100001,
  type: 'vehicle',
  status: 'partially_paid',
  createdAt: '2026-03-02T10:15:00.000Z',
  country: 'DE',
  currency: 'EUR',
  language: 'de',
  customerType: 'B2C',
  contact: { firstName: 'Max', lastName: 'Muster', email: 'max@example.com', phone: '+49301234567' },
  shippingAddress: { line1: 'Hauptstraße 1', city: 'Berlin', zip: '10115', country: 'DE' },
  billing: { firstName: 'Max', lastName: 'Muster' },
  shippingMethod: 'home_delivery',
  customerOrderReference: '',
  lines: [
    {
      id: 'e63757ca-2ee0-4d36-aa91-ffc64b4c3541',
      type: 'bike',
      productId: 'varg-ex',
      name: 'VARG EX',
      quantity: 1,
      unitPrice: 1_542_800,
      options: [{ id: 'colour_black', name: 'Black', price: 0 }],
    },
  ],
  subtotal: 1_542_800,
  shipping: 34_900,
  fees: 0,
  tax: 251_902,
  total: 1_577_700,
  taxPresentation: 'included',
  paid: 50_000,
  toPay: 1_527_700,
  pending: 0,
  bankTransferPending: false,
  payments: [{ id: 'd0d4fb90-a680-4036-af0e-5d4ad6a38bf3', kind: 'deposit', amount: 50_000 }],
  deliveryDate: '2026-05-11',
  taxDetails: { regime: 'eu_vat' },
  reservedUntil: null,
  reservationLapsed: false,
  shipments: [],
};
const page = {
  docs: [order],
  totalDocs: 1,
  limit: 10,
  page: 1,
  totalPages: 1,
  hasNextPage: false,
  hasPrevPage: false,
  nextPage: null,
  prevPage: null,
} as unknown as OrderViewPage;

describe('orderCards', () => {
  it('keeps what an order card shows and the page, nothing else of the order', () => {
    const { docs, ...rest } = orderCards(page);
    const { docs: _, ...pageRest } = page;
    expect(rest).toEqual(pageRest);
    expect(docs).toEqual([
      {
        id: order.id,
        number: 100001,
        type: 'vehicle',
        status: 'partially_paid',
        createdAt: '2026-03-02T10:15:00.000Z',
        currency: 'EUR',
        total: 1_577_700,
        toPay: 1_527_700,
        lines: [{ type: 'bike', name: 'VARG EX', quantity: 1, options: [{ id: 'colour_black' }] }],
      },
    ]);
    // The buyer's address, contact and payments stay out of the page's data.
    expect(JSON.stringify(docs)).not.toMatch(/Hauptstraße|max@example\.com|deposit/);
  });
});
