import { ApiError } from '../../lib/api-error.ts';
import type { GeocodingProvider } from './interface.ts';

/** The default: no address lookup, so no visitor's data leaves the server. Buyers type their address. */
export function geocodingOff(): GeocodingProvider {
  return {
    name: 'off',
    async placeDetails() {
      throw new ApiError('GEOCODING_DISABLED');
    },
    async suggest() {
      throw new ApiError('GEOCODING_DISABLED');
    },
  };
}
