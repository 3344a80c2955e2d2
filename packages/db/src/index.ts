export * from './client.ts';
export * from './schema/index.ts';
export { DEMO_AUCTION, FEATURED_AXES } from './seed/auction.ts';
export { DEMO_DEALER_CUSTOMER_ORDER_ID, DEMO_DEALER_OWN_ORDER_ID } from './seed/dealer-orders.ts';
export { type SeedOptions, seed } from './seed/index.ts';
export { COUNTRIES, LANGUAGES } from './seed/markets.ts';
export { DEMO_PARTS_ORDER_ID, DEMO_VEHICLE_ORDER_ID } from './seed/orders.ts';
export { DEMO_PASSWORD, PEOPLE } from './seed/people.ts';
