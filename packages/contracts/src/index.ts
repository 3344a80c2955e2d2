export * from './addresses.ts';
export * from './auction.ts';
export * from './cart.ts';
export * from './catalog.ts';
export * from './dealer-ledger.ts';
export * from './dealer-orders.ts';
export * from './dealers.ts';
export * from './errors.ts';
export * from './identity.ts';
export * from './leads.ts';
export * from './markets.ts';
export * from './orders.ts';
export * from './payments.ts';
export * from './store.ts';
export * from './tax.ts';
export * from './vehicles.ts';
export * from './whistleblowing.ts';

// Last: built of the others' schemas; exported after them so the OpenAPI document's components keep their order.
export * from './checkout.ts';
