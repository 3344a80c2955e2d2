import { auditLog } from '@varg/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiCalls, DEMO_ACCOUNTS, type Json, useApi } from '../../../test/helper.ts';

const ctx = useApi();
const { call, ok, refused, signIn } = apiCalls(ctx, 120);
const { DEALER, LYON, CUSTOMER, ADMIN } = DEMO_ACCOUNTS;

const myDealer = async (token: string) => ((await ok(await call('GET', '/v1/dealer/my', token))) as Json[])[0] as Json;
const address = { line1: 'Carrer de Pallars 193', line2: '', postalCode: '08005', city: 'Barcelona', country: 'es' };

describe('PUT dealer/{id}/info (the dealer profile)', () => {
  it('changes the store, its point on the map and the contact, in international phone form', async () => {
    const token = await signIn(DEALER);
    const { id } = await myDealer(token);
    const updated = await ok(
      await call('PUT', `/v2/dealer/${id}/info`, token, {
        storeInfo: {
          storeName: 'Moto Electric Barcelona Poblenou',
          formattedAddress: 'Carrer de Pallars 193, 08005 Barcelona, Spain',
          location: { type: 'Point', coordinates: [2.1972, 41.4031] },
        },
        contactInfo: { phone: '932 123 457', dealerSupportEmail: 'Taller@MotoElectric.example' },
      }),
    );
    expect(updated.storeInfo).toMatchObject({
      name: 'Moto Electric Barcelona Poblenou',
      phone: '+34932123457',
      email: 'taller@motoelectric.example',
      location: { type: 'Point', coordinates: [2.1972, 41.4031] },
    });
    expect((await myDealer(token)).storeInfo.name).toBe('Moto Electric Barcelona Poblenou');
    const [audited] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'dealer.update_info'))
      .limit(1);
    expect(audited?.detail).toMatchObject({ dealerId: id, sections: ['storeInfo', 'contactInfo'] });
  });

  it('keeps invoicing (VAT id checked) and shipping in the spec’s received form; other sections stay', async () => {
    const token = await signIn(DEALER);
    const { id, storeInfo } = await myDealer(token);
    const updated = await ok(
      await call('PUT', `/v1/dealer/${id}/info`, token, {
        companyInfo: {
          companyId: 'IT 00743110157',
          companyName: 'Moto Electric Barcelona SL',
          companyOwnerName: 'Marc Puig',
          phone: '+34 932 123 456',
          email: ['facturas@motoelectric.example', 'marc@motoelectric.example'],
          address: { ...address, country: 'IT', line1: 'Via Roma 1', postalCode: '20121', city: 'Milano' },
        },
        shippingInfo: {
          firstName: 'Marc',
          lastName: 'Puig',
          phone: '612 345 678',
          email: 'recepcion@x.example',
          address,
        },
      }),
    );
    expect(updated.invoicing).toEqual({
      company: 'Moto Electric Barcelona SL',
      id: 'IT00743110157',
      owner: 'Marc Puig',
      phone: '+34932123456',
      email: 'facturas@motoelectric.example, marc@motoelectric.example',
      address: { street: 'Via Roma 1', additional: '', postalCode: '20121', city: 'Milano', state: '', country: 'IT' },
    });
    expect(updated.shipping).toMatchObject({ name: 'Marc Puig', phone: '+34612345678', address: { country: 'ES' } });
    expect(updated.storeInfo).toEqual(storeInfo);
  });

  it('refuses bad input with a code and changes nothing', async () => {
    const token = await signIn(DEALER);
    const before = await myDealer(token);
    const put = (body: Json) => call('PUT', `/v2/dealer/${before.id}/info`, token, body);
    const store = (over: Json) => ({
      storeInfo: { storeName: 'X', formattedAddress: 'Y', location: { coordinates: [2, 41] }, ...over },
    });
    await refused(await put({}), 400, 'VALIDATION_ERROR');
    await refused(await put(store({ location: { coordinates: [200, 41] } })), 400, 'VALIDATION_ERROR');
    await refused(await put(store({ location: { coordinates: [2, -91] } })), 400, 'VALIDATION_ERROR');
    await refused(await put(store({ storeName: '' })), 400, 'VALIDATION_ERROR');
    await refused(
      await put({ contactInfo: { phone: '12345', dealerSupportEmail: 'a@b.example' } }),
      400,
      'PHONE_INVALID',
    );
    await refused(
      await put({ contactInfo: { phone: '932123456', dealerSupportEmail: 'nope' } }),
      400,
      'VALIDATION_ERROR',
    );
    const company = {
      companyId: 'IT00743110158',
      companyName: 'A',
      companyOwnerName: 'B',
      phone: '+34932123456',
      email: ['a@b.example'],
      address: { ...address, country: 'IT' },
    };
    await refused(await put({ companyInfo: company }), 400, 'VAT_ID_INVALID');
    await refused(await put({ companyInfo: { ...company, email: [] } }), 400, 'VALIDATION_ERROR');
    expect(await myDealer(token)).toEqual(before);
  });

  it('lets only the dealer itself and administrators change it', async () => {
    const [dealer, lyon, customer, admin] = await Promise.all([DEALER, LYON, CUSTOMER, ADMIN].map((e) => signIn(e)));
    const { id } = await myDealer(dealer as string);
    const body = { contactInfo: { phone: '+34932123456', dealerSupportEmail: 'taller@motoelectric.example' } };
    await refused(await call('PUT', `/v2/dealer/${id}/info`, lyon, body), 404, 'DEALER_NOT_FOUND');
    await refused(await call('PUT', `/v2/dealer/${id}/info`, customer, body), 403, 'FORBIDDEN');
    await refused(await call('PUT', `/v2/dealer/${id}/info`, null, body), 401, 'UNAUTHORIZED');
    await refused(
      await call('PUT', '/v2/dealer/0dea1e00-0000-4000-8000-000000000000/info', dealer, body),
      404,
      'DEALER_NOT_FOUND',
    );
    await refused(await call('PUT', '/v2/dealer/nope/info', dealer, body), 400, 'VALIDATION_ERROR');
    await ok(await call('PUT', `/v2/dealer/${id}/info`, admin, body));
  });
});
