export type { GeoLookup } from '../../modules/markets/service.ts';
