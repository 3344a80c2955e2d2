export * from './catalog.ts';
export * from './errors.ts';
export * from './identity.ts';
export * from './markets.ts';
export * from './store.ts';
