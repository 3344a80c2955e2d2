export * from './errors.ts';
export * from './markets.ts';
