export * from './identity.ts';
export * from './markets.ts';
