import { AVAILABILITIES, STORE_KINDS } from '@varg/domain';
import { listParams } from './list-params.ts';

type Kind = (typeof STORE_KINDS)[number];
type Availability = (typeof AVAILABILITIES)[number];
const SORTS = ['sku', 'name', 'availability'] as const;

/** The label keys of the store's kinds in the back office. */
export const KIND_KEYS: Record<Kind, string> = {
  spare_parts: 'admin_parts_kind_spare_parts',
  accessories: 'admin_parts_kind_accessories',
  merchandise: 'admin_parts_kind_merchandise',
  extended_warranty: 'admin_parts_kind_extended_warranty',
};

/** The parts list's API query from the page's address (the page and its CSV export). */
export function partsQuery(url: URL) {
  const { sort, kind, availability, stock, ...rest } = listParams(url, ['kind', 'availability', 'stock']);
  return {
    ...rest,
    ...(SORTS.includes(sort as never) ? { sort: sort as (typeof SORTS)[number] } : {}),
    ...(STORE_KINDS.includes(kind as Kind) ? { kind: kind as Kind } : {}),
    ...(AVAILABILITIES.includes(availability as Availability) ? { availability: availability as Availability } : {}),
    ...(stock === 'low' || stock === 'retired' ? { stock: stock as 'low' | 'retired' } : {}),
  };
}
