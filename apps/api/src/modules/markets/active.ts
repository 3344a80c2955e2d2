import { ACTIVE_STATUS } from '@varg/domain';

/** A market sells (decision 033): the one reading of a country's status outside the markets' own queries. */
export function isActiveMarket<T extends { status: number }>(country: T | null | undefined): country is T {
  return country?.status === ACTIVE_STATUS;
}
