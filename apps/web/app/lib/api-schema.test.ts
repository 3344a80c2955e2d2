import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OPERATIONS_FILE, operationsText, SCHEMA_FILE, schemaText } from '../../scripts/openapi-types.ts';
import { requestOf } from './api-call.ts';

describe('the typed client (decision 036)', () => {
  it('api-schema.d.ts and api-operations.ts are generated from the committed openapi.json (npm run openapi:types)', async () => {
    expect(readFileSync(SCHEMA_FILE, 'utf8')).toBe(await schemaText());
    expect(readFileSync(OPERATIONS_FILE, 'utf8')).toBe(operationsText());
  });

  it('builds the method, path and query of a call by operationId', () => {
    expect(requestOf('getCart', { query: { cartId: 'c1', country: 'DE' } })).toEqual({
      method: 'GET',
      path: '/v1/cart?cartId=c1&country=DE',
      body: undefined,
    });
    expect(requestOf('getCountryByCode', { path: { code: 'a/b' } }).path).toBe('/v1/country/a%2Fb');
    expect(
      requestOf('postCartAddItem', { query: { country: 'DE' }, body: { variantCode: 'x' } as never }),
    ).toMatchObject({
      method: 'POST',
      body: { variantCode: 'x' },
    });
  });

  it('leaves an empty path parameter empty, for the API to answer (a form field left out)', () => {
    expect(requestOf('getCountryByCode', { path: { code: '' } }).path).toBe('/v1/country/');
  });
});
