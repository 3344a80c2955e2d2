export * from './catalog.ts';
export * from './commerce.ts';
export * from './engagement.ts';
export * from './identity.ts';
export * from './markets.ts';
export * from './referrals.ts';
export * from './store.ts';
export * from './vehicles.ts';
