export * from './client.ts';
export * from './schema/index.ts';
export { seed } from './seed/index.ts';
export { COUNTRIES, LANGUAGES } from './seed/markets.ts';
