import type { Cart } from '@varg/contracts';
import { carts } from '@varg/db';
import { expect } from 'vitest';
import { bearer, useApi } from './helper.ts';

// The cart tests' shared setup (apps/api/src/modules/cart/{cart,cart-lines,cart-access,cart-copy}.test.ts): the API on a fresh
// database, calls that must succeed or fail with a code, sign-in, and new anonymous carts.

/** The API of the current test file (built before its tests, closed after them). */
export let ctx: ReturnType<typeof useApi>;

/** Builds the API for the current test file (call once, at the top of the file); the helpers here call it. */
export function cartApi() {
  ctx = useApi();
  return ctx;
}

type Method = 'GET' | 'POST' | 'PUT';
let ip = 0;

export async function call(method: Method, url: string, payload?: unknown, token?: string) {
  return ctx.app.inject({
    method,
    url,
    remoteAddress: '203.0.113.50',
    ...(payload !== undefined ? { payload: payload as object } : {}),
    headers: token ? bearer(token) : {},
  });
}

export async function ok<T = Cart>(method: Method, url: string, payload?: unknown, token?: string): Promise<T> {
  const res = await call(method, url, payload, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}

export async function fails(
  status: number,
  code: string,
  method: Method,
  url: string,
  payload?: unknown,
  token?: string,
): Promise<void> {
  const res = await call(method, url, payload, token);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ statusCode: status, code });
}

export async function signIn(email: string): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/v1/user/sign-in',
    remoteAddress: `198.51.100.${200 + (++ip % 50)}`,
    payload: { email, password: 'varg-demo-2026' },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().token as string;
}

/** A new anonymous cart in Germany with one default VARG MX. */
export async function bikeCart(componentIds: string[] = []): Promise<Cart> {
  return ok('POST', '/v1/cart/add-item?country=DE', { productId: 'varg', componentIds });
}

export async function storeCart(variant = 'SF-TY-MX32-21', quantity = 1): Promise<Cart> {
  return ok('POST', '/v1/cart/add-store-item?country=DE', { variant_code: variant, quantity });
}

/** A Varg MX extended warranty (24 months) for the bike with this VIN: sold for a bike the buyer already owns. */
export const WARRANTY = { variant_code: 'SF-EW-MX-24', vin: 'WSF1234567890ABCD' };

/** A new anonymous cart in Germany with one extended warranty. */
export async function warrantyCart(): Promise<Cart> {
  return ok('POST', '/v1/cart/add-store-item?country=DE', WARRANTY);
}

export async function cartRows() {
  return (await ctx.database.db.select().from(carts)).length;
}
