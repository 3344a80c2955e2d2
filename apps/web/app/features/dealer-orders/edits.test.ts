// A dealer's order edit read from the page's forms: one operation per intent, or a translated reason (no cast).
import { describe, expect, it } from 'vitest';
import { readDealerOrderEdit } from './edits.server.ts';

const ORDER = '0b7c4c8e-2f7a-4d8e-9a51-1c2d3e4f5a6b';
const LINE = '6f1e2d3c-4b5a-4978-8a6b-5c4d3e2f1a0b';

function form(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
}

/** The operation and arguments an edit sends, recorded instead of sent. */
async function sent(edit: ReturnType<typeof readDealerOrderEdit>) {
  if (!edit.ok) throw new Error(edit.error);
  const calls: unknown[][] = [];
  const api = { call: async (...args: unknown[]) => calls.push(args) } as never;
  await edit.send(api);
  return calls[0];
}

describe('dealer order edits', () => {
  it('sends a line’s price in minor units and its quantity as putOrderEditItem', async () => {
    const edit = readDealerOrderEdit(
      form({ intent: 'edit-item', lineId: LINE, quantity: '2', price: '10710.50' }),
      ORDER,
    );
    expect(edit).toMatchObject({ ok: true, intent: 'edit-item', lineId: LINE });
    expect(await sent(edit)).toEqual([
      'putOrderEditItem',
      { body: { orderId: ORDER, lineId: LINE, quantity: 2, overwritePrice: 1071050 } },
    ]);
  });

  it('sends the configuration the configurator chose for a line (builder edit mode), at the line’s price', async () => {
    const edit = readDealerOrderEdit(
      form({ intent: 'edit-item', lineId: LINE, quantity: '1', hash: 'A1B2C3D4', price: '9912.00' }),
      ORDER,
    );
    expect(await sent(edit)).toEqual([
      'putOrderEditItem',
      { body: { orderId: ORDER, lineId: LINE, quantity: 1, overwritePrice: 991200, hash: 'a1b2c3d4' } },
    ]);
    const bad = readDealerOrderEdit(
      form({ intent: 'edit-item', lineId: LINE, quantity: '1', hash: 'not a hash' }),
      ORDER,
    );
    expect(bad).toMatchObject({ ok: false, error: 'dealer_order_form_invalid', lineId: LINE });
  });

  it('adds a bike by its code, lower-cased, at the list price when no price is typed', async () => {
    const edit = readDealerOrderEdit(form({ intent: 'add-item', hash: 'AB12CD34', quantity: '1' }), ORDER);
    expect(await sent(edit)).toEqual(['postOrderAddItem', { body: { orderId: ORDER, hash: 'ab12cd34', quantity: 1 } }]);
  });

  it('re-prices the order for a customer type and a delivery method', async () => {
    const edit = readDealerOrderEdit(
      form({ intent: 'update-prices', customerType: 'B2B', deliveryMethod: 'home_delivery' }),
      ORDER,
    );
    expect(await sent(edit)).toEqual([
      'putOrderUpdatePricesById',
      { path: { id: ORDER }, body: { customerType: 'B2B', deliveryMethod: 'home_delivery' } },
    ]);
  });

  it('answers a bad form with its reason and sends nothing', () => {
    expect(readDealerOrderEdit(form({ intent: 'edit-item', lineId: LINE, price: '10,7.1' }), ORDER)).toEqual({
      ok: false,
      intent: 'edit-item',
      lineId: LINE,
      error: 'dealer_order_price_invalid',
    });
    expect(readDealerOrderEdit(form({ intent: 'edit-item', lineId: LINE, quantity: '100' }), ORDER)).toMatchObject({
      ok: false,
      error: 'dealer_order_form_invalid',
    });
    expect(
      readDealerOrderEdit(form({ intent: 'update-prices', customerType: 'VIP', deliveryMethod: 'x' }), ORDER),
    ).toMatchObject({ ok: false, error: 'dealer_order_form_invalid' });
    expect(readDealerOrderEdit(form({ intent: 'delete-order' }), ORDER)).toMatchObject({
      ok: false,
      error: 'error_bad_request',
    });
  });
});
