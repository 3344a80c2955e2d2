// The buyer's delivery change form (decision 049): its fields and what its action answers, for page and action.
import type { OrderSettlement } from '@varg/contracts';

/** The form's field names, as the action reads them. */
export const DELIVERY_FIELDS = [
  'deliveryMethod',
  'address',
  'line_1',
  'line_2',
  'postal_code',
  'city',
  'state',
  'firstName',
  'lastName',
  'email',
  'phone',
] as const;

/** What the action answers: saved, a new total to confirm (with what was typed), or an error (a catalog key). */
export type DeliveryEditData =
  | { intent: 'delivery'; ok: true; settlement: OrderSettlement }
  | { intent: 'delivery'; ok: false; confirm: OrderSettlement; fields: Record<string, string> }
  | { intent: 'delivery'; ok: false; error: string; fields: Record<string, string> };
