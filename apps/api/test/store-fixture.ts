import type { StoreArticle } from '@varg/contracts';
import { expect } from 'vitest';
import { useApi } from './helper.ts';

// The store tests' shared setup (apps/api/src/modules/store/{store,technical-documents}.test.ts): the API on a fresh
// database and public reads in a language.

/** The API of the current test file (built before its tests, closed after them). */
export let ctx: ReturnType<typeof useApi>;

/** Builds the API for the current test file (call once, at the top of the file); the helpers here call it. */
export function storeApi() {
  ctx = useApi();
  return ctx;
}

export const get = (url: string, lang?: string) => ctx.app.inject({ url, headers: lang ? { 'x-lang': lang } : {} });
export const json = async <T>(url: string, lang?: string): Promise<T> => {
  const res = await get(url, lang);
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json() as T;
};
export const names = (page: { docs: Array<{ name: string }> }) => page.docs.map((d) => d.name);
export const variant = (article: StoreArticle | undefined, code: string) =>
  article?.variants.find((v) => v.variant_code === code);
