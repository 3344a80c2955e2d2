export * from './markets.ts';
