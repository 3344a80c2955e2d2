import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { OPERATIONS_FILE, operationsText, SCHEMA_FILE, schemaText } from '../../scripts/openapi-types.ts';
import { type Answer, type CallArgs, requestOf } from './api-call.ts';

describe('the typed client (decision 036)', () => {
  it('is the only way the web reaches the API: no API path is written outside lib/api-*.ts (and tests)', () => {
    const root = join(import.meta.dirname, '..');
    const files = (readdirSync(root, { recursive: true }) as string[]).filter(
      (f) => /\.(ts|tsx)$/.test(f) && !/\.test\.tsx?$/.test(f) && !/^lib\/api-[\w-]+\.(ts|d\.ts)$/.test(f),
    );
    expect(files.length).toBeGreaterThan(100);
    const offenders = files.filter((f) => /['`]\/v[12]\//.test(readFileSync(join(root, f), 'utf8')));
    expect(offenders).toEqual([]);
  });

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

  it('types params, body and answer from the schema (checked by npm run typecheck)', () => {
    expectTypeOf<Answer<'getCartSummary'>>().toHaveProperty('status');
    expectTypeOf<CallArgs<'postCartAddItem'>['query']>().toHaveProperty('country');
    const unchecked = () => [
      // @ts-expect-error an operation the document does not have
      requestOf('getNoSuchOperation'),
      // @ts-expect-error a path parameter the operation does not have
      requestOf('getCountryByCode', { path: { id: 'DE' } }),
      // @ts-expect-error a body field of the wrong type
      requestOf('postCartAddItem', { query: { country: 'DE' }, body: { productId: 1, componentIds: [] } }),
    ];
    expect(typeof unchecked).toBe('function');
  });
});
