// Stock-bike and market changes reach every app process (issue 24, decision 054): the process that makes the change
// announces it on the catalogue's channel (decision 041), and the other process drops its caches — its markets' list
// at once, and its web page cache (subscribed to the same channel) clears.
import { makeVin } from '@varg/domain';
import { describe, expect, it, vi } from 'vitest';
import { apiCalls, fixedGeo, type Json, testConfig, useApi } from '../../../test/helper.ts';
import { buildApi } from '../../app.ts';

const ctx = useApi();
const { call, ok, signIn } = apiCalls(ctx, 30);
const admin = () => signIn('admin@demo.starkfuture.com');
const waiting = { timeout: 2_000, interval: 20 };

async function otherProcess() {
  const other = await buildApi({ config: testConfig, database: ctx.database, geo: fixedGeo({}), logger: false });
  const heard: string[] = [];
  other.services.catalogChanges.subscribe((what) => heard.push(what));
  return { other, heard };
}
const activeIn = async (app: typeof ctx.app) =>
  ((await app.inject('/v1/country?status=1&limit=300')).json().docs as Json[]).map((c) => c.code);

describe('changes reach every process', () => {
  it('a paused market leaves the other process’s country list at once, and comes back', async () => {
    const { other, heard } = await otherProcess();
    try {
      // The other process has the active countries in its read cache (30 s).
      expect(await activeIn(other)).toContain('AT');
      const token = await admin();
      const at = await ok(await call('GET', '/v1/admin/markets/AT', token));
      const body = {
        status: 'paused',
        language: at.language,
        currencyCode: at.currency.code,
        currencySymbol: at.currency.symbol,
        taxDisplay: at.taxDisplay,
        vatRateBp: at.vatRateBp,
      };
      await ok(await call('PUT', '/v1/admin/markets/AT', token, body));
      await vi.waitFor(async () => expect(await activeIn(other)).not.toContain('AT'), waiting);
      expect(heard).toContain('market:AT');
      await ok(await call('PUT', '/v1/admin/markets/AT', token, { ...body, status: 'active' }));
      await vi.waitFor(async () => expect(await activeIn(other)).toContain('AT'), waiting);
    } finally {
      await other.close();
    }
  });

  it('adding, editing and retiring a stock bike is announced to the other process', async () => {
    const { other, heard } = await otherProcess();
    try {
      const token = await admin();
      const body = {
        vin: makeVin('varg', 2026, 710_001),
        productId: 'varg',
        optionIds: ['varg_option_red'],
        country: 'DE',
        dealerId: null,
      };
      const bike = await ok(await call('POST', '/v1/admin/stock-bikes', token, body), 201);
      const key = `stock-bike:${bike._id}`;
      await vi.waitFor(() => expect(heard).toEqual([key]), waiting);
      await ok(await call('PUT', `/v1/admin/stock-bikes/${bike._id}`, token, { ...body, optionIds: [] }));
      await vi.waitFor(() => expect(heard).toEqual([key, key]), waiting);
      await ok(await call('POST', `/v1/admin/stock-bikes/${bike._id}/retire`, token));
      await vi.waitFor(() => expect(heard).toEqual([key, key, key]), waiting);
    } finally {
      await other.close();
    }
  });
});
