import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { documentConfig, documentText, lintDocument, OPENAPI_FILE, servedDocument } from './openapi-document.ts';
import { operationIdOf } from './plugins/openapi.ts';

interface Operation {
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  responses?: Record<string, unknown>;
}
interface Document {
  openapi: string;
  servers?: Array<{ url: string }>;
  components?: { securitySchemes?: Record<string, { type: string; scheme?: string }> };
  paths: Record<string, Record<string, Operation>>;
}

const operationsOf = (doc: Document) =>
  Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ at: `${method.toUpperCase()} ${path}`, op })),
  );

/** The first keys (to three levels: `paths./v1/cart.get`) where two documents differ. */
function differences(a: unknown, b: unknown, at = '', depth = 0): string[] {
  if (JSON.stringify(a) === JSON.stringify(b)) return [];
  if (depth === 3 || !a || !b || typeof a !== 'object' || typeof b !== 'object') return [at || '(root)'];
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return keys.flatMap((k) =>
    differences((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], at ? `${at}.${k}` : k, depth + 1),
  );
}

describe('the OpenAPI document a client is generated from (apps/api/openapi.json)', () => {
  let served: Document;
  beforeAll(async () => {
    served = (await servedDocument()) as Document;
  });

  it('is committed as the API serves it (else: run `npm run openapi:write` and commit apps/api/openapi.json)', () => {
    const committed = existsSync(OPENAPI_FILE) ? readFileSync(OPENAPI_FILE, 'utf8') : '{}';
    const differ = differences(JSON.parse(committed), served).slice(0, 20);
    expect(differ, 'apps/api/openapi.json is not the served document: run `npm run openapi:write`').toEqual([]);
    // Byte for byte: the file is exactly what the script writes.
    expect(committed === documentText(served), 'run `npm run openapi:write`').toBe(true);
  });

  it('lints clean with redocly (recommended rules): no error, no warning', async () => {
    const problems = await lintDocument(OPENAPI_FILE);
    const listed = problems.map((p) => `${p.severity} ${p.ruleId} ${p.location[0]?.pointer ?? ''}: ${p.message}`);
    expect(listed).toEqual([]);
  }, 60_000);

  it('is OpenAPI 3.1 with a relative server and the Bearer scheme, and names no machine', () => {
    expect(served.openapi).toBe('3.1.0');
    expect(served.servers).toEqual([expect.objectContaining({ url: '/' })]);
    expect(served.components?.securitySchemes?.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    const text = documentText(served);
    expect(text).not.toContain(process.cwd());
    expect(text).not.toMatch(/localhost|127\.0\.0\.1|\/home\/|\/tmp\//);
  });

  it('gives every operation a unique, readable operationId and its security', () => {
    const operations = operationsOf(served);
    expect(operations.length).toBeGreaterThan(150);
    const ids = operations.map(({ op }) => op.operationId ?? '');
    expect(ids.filter((id) => !/^(get|post|put|delete|patch)[A-Z][A-Za-z0-9]*$/.test(id))).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(operations.filter(({ op }) => !Array.isArray(op.security)).map(({ at }) => at)).toEqual([]);

    const op = (at: string) => operations.find((o) => o.at === at)?.op;
    expect(op('GET /v1/cart')?.operationId).toBe('getCart');
    expect(op('POST /v1/cart/add-item')?.operationId).toBe('postCartAddItem');
    expect(op('GET /v2/address')?.operationId).toBe('getV2Address');
    expect(op('GET /v1/order/{id}')?.operationId).toBe('getOrderById');
    expect(op('GET /v1/product-category/by-slug/{slug}')?.operationId).toBe('getProductCategoryBySlug');

    const bearer = [{ bearer: [] }];
    const optional = [{}, { bearer: [] }];
    // Behind requireAuth / requireRole: Bearer required, and the 401 is documented.
    expect(op('GET /v1/user/me')?.security).toEqual(bearer);
    expect(op('GET /v1/user/me')?.responses).toHaveProperty('401');
    expect(op('GET /v1/admin/users')?.security).toEqual(bearer);
    expect(op('GET /v2/address')?.security).toEqual(bearer);
    expect(op('POST /v1/payment')?.security).toEqual(bearer);
    // Anonymous callers are served; a token, when sent, is used (the cart, checkout, signed links).
    expect(op('GET /v1/cart')?.security).toEqual(optional);
    expect(op('POST /v1/checkout/setup/{cartId}')?.security).toEqual(optional);
    expect(op('POST /v1/payment/create-intent')?.security).toEqual(optional);
    expect(op('GET /v1/order/invoice')?.security).toEqual(optional);
    expect(op('GET /v1/axes/{a}/{b}')?.security).toEqual(optional);
    // Public.
    expect(op('POST /v1/user/sign-in')?.security).toEqual([]);
    expect(op('GET /v1/country')?.security).toEqual([]);
    expect(op('POST /v1/payment/webhook/stripe')?.security).toEqual([]);
  });

  it('the demo build (its dev and sandbox routes too) has unique operationIds and security everywhere', async () => {
    const demo = (await servedDocument({ ...documentConfig, demo: true, devMailbox: 'local' })) as Document;
    const operations = operationsOf(demo);
    expect(operations.length).toBeGreaterThan(operationsOf(served).length);
    const ids = operations.map(({ op }) => op.operationId);
    expect(ids.filter((id, i) => !id || ids.indexOf(id) !== i)).toEqual([]);
    expect(operations.filter(({ op }) => !Array.isArray(op.security)).map(({ at }) => at)).toEqual([]);
  }, 60_000);
});

describe('operationIdOf', () => {
  it('reads the method and the path; /v1 left out, other versions and parameters named', () => {
    expect(operationIdOf('GET', '/v1/cart')).toBe('getCart');
    expect(operationIdOf('POST', '/v1/cart/add-item')).toBe('postCartAddItem');
    expect(operationIdOf('GET', '/v2/address')).toBe('getV2Address');
    expect(operationIdOf('PUT', '/v1/checkout/:id/confirm-final-checkout')).toBe('putCheckoutByIdConfirmFinalCheckout');
    expect(operationIdOf('GET', '/v1/checkout/{hash}/pricing')).toBe('getCheckoutByHashPricing');
    expect(operationIdOf('GET', '/v1/checkout/orderInfo/:productId')).toBe('getCheckoutOrderInfoByProductId');
    expect(operationIdOf('GET', '/v1/shipping-configs/allowed_methods')).toBe('getShippingConfigsAllowedMethods');
    expect(operationIdOf('GET', '/health')).toBe('getHealth');
  });
});
