import type { OrderAddress, OrderBilling, OrderContact, OrderLine, OrderShipment, OrderView } from '@varg/contracts';
import type { Db } from '@varg/db';
import { listedLine, optionNameKey, orderLedger, pendingBankTransfer, taxPresentation } from '@varg/domain';
import type { Messages } from '@varg/i18n';
import type { OrderWithDetails, ShipmentRow } from './repo.ts';

// The order as its buyer reads it. Contact, addresses and billing are JSON the checkout copied into the order; they
// are read leniently (camelCase or the spec's snake_case payload names), so an order always shows what it has.

type Json = Record<string, unknown>;

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The first of `keys` holding a non-empty string (trimmed), else ''. */
function text(source: unknown, ...keys: string[]): string {
  if (!isObject(source)) return '';
  for (const key of keys) {
    const value = source[key];
    if (typeof value === 'string' && value.trim()) return value.trim();
  }
  return '';
}

export function readAddress(raw: unknown): OrderAddress | null {
  if (!isObject(raw)) return null;
  const address = {
    line1: text(raw, 'line1', 'line_1', 'street'),
    line2: text(raw, 'line2', 'line_2', 'additional'),
    postalCode: text(raw, 'postalCode', 'postal_code'),
    city: text(raw, 'city'),
    state: text(raw, 'state'),
    country: text(raw, 'country').toUpperCase(),
  };
  return address.line1 || address.city ? address : null;
}

export function readContact(raw: unknown): OrderContact {
  return {
    firstName: text(raw, 'firstName', 'first_name', 'name'),
    lastName: text(raw, 'lastName', 'last_name', 'secondName'),
    email: text(raw, 'email'),
    phone: text(raw, 'phone'),
  };
}

/** Reverse charge, as the billing or the tax calculation recorded it (decision 013's `eu_reverse_charge`). */
export function isReverseCharge(billing: unknown, taxDetails: unknown): boolean {
  const flag = (o: unknown) => isObject(o) && (o.reverseCharge === true || o.reverse_charge === true);
  return flag(billing) || flag(taxDetails) || (isObject(taxDetails) && taxDetails.regime === 'eu_reverse_charge');
}

export function readBilling(
  raw: unknown,
  contact: OrderContact,
  shippingAddress: OrderAddress | null,
  taxDetails: unknown,
): OrderBilling {
  const company = isObject(raw) ? (raw.company ?? raw.company_info ?? raw.companyInfo) : undefined;
  const companyName = text(raw, 'companyName', 'company_name') || text(company, 'name', 'companyName');
  const companyId =
    text(raw, 'companyId', 'company_id', 'vatId', 'vat_id') || text(company, 'id', 'companyId', 'vatId', 'vat_id');
  const address =
    (isObject(raw) && (readAddress(raw.address) ?? readAddress(raw.address_input))) ||
    (isObject(company) && readAddress(company.address)) ||
    shippingAddress;
  return {
    firstName: text(raw, 'firstName', 'first_name') || contact.firstName,
    lastName: text(raw, 'lastName', 'last_name') || contact.lastName,
    companyName: companyName || null,
    companyId: companyId || null,
    taxId: text(raw, 'taxId', 'customerTaxId', 'customer_tax_id') || null,
    address: address || null,
    reverseCharge: isReverseCharge(raw, taxDetails),
  };
}

/** The option groups of a model, to name each chosen option's group; from the catalogue. */
/**
 * A model's option groups in a market. With `db` (a transaction) they are read through it: an e-mail written inside a
 * transaction must not wait for another connection, and PGlite has only the one the transaction holds (decision 056).
 */
export type OptionGroups = (
  productId: string,
  country: string,
  db?: Db,
) => Promise<ReadonlyArray<{ group: string; nameKey: string; options: ReadonlyArray<{ id: string }> }>>;

/** A line's name: its catalog key translated, else its printed name, else the key as written. */
export function lineName(line: { nameKey: string; name: string }, messages: Messages): string {
  return (line.nameKey && messages[line.nameKey]) || line.name || line.nameKey;
}

/**
 * A payment's method or kind as the buyer reads it (`payment_method_card`, `payment_method_wallet` for store credit,
 * `payment_kind_deposit`); a method or kind without a label prints as stored.
 */
export function paymentLabel(messages: Messages, prefix: 'payment_method' | 'payment_kind', value: string): string {
  return messages[`${prefix}_${value}`] || value;
}

/** A parcel as the buyer and the back office read it. */
export function shipmentView(row: ShipmentRow): OrderShipment {
  return {
    id: row.id,
    carrier: row.carrier as OrderShipment['carrier'],
    trackingNumber: row.trackingNumber,
    trackingUrl: row.trackingUrl,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function toOrderView(
  found: OrderWithDetails,
  messages: Messages,
  optionGroups: OptionGroups,
  db?: Db,
): Promise<OrderView> {
  const { order, lines, payments } = found;
  const ledger = orderLedger({ total: order.total, storedStatus: order.status }, payments);
  const contact = readContact(order.contact);
  const shippingAddress = readAddress(order.shippingAddress);
  const billing = readBilling(order.billing, contact, shippingAddress, order.taxDetails);
  const presentation = taxPresentation({ ...order, reverseCharge: billing.reverseCharge });
  const groupsOf = new Map<string, Awaited<ReturnType<OptionGroups>>>();
  for (const productId of new Set(lines.flatMap((l) => (l.productId && l.optionIds?.length ? [l.productId] : [])))) {
    groupsOf.set(productId, await optionGroups(productId, order.country, db).catch(() => []));
  }
  const view: OrderLine[] = lines.map((line) => {
    const groups = (line.productId && groupsOf.get(line.productId)) || [];
    const options = (line.optionIds ?? []).map((id) => {
      const group = groups.find((g) => g.options.some((o) => o.id === id));
      const nameKey = optionNameKey(id, order.country);
      return {
        id,
        group: group?.group ?? null,
        groupNameKey: group?.nameKey ?? null,
        nameKey,
        name: messages[nameKey] ?? id,
      };
    });
    // In the catalogue's group order (colour, power, …); options of unknown groups last.
    const rank = (group: string | null) => {
      const i = groups.findIndex((g) => g.group === group);
      return i < 0 ? groups.length : i;
    };
    options.sort((a, b) => rank(a.group) - rank(b.group));
    const listed = listedLine(line, presentation);
    return {
      id: line.id,
      type: line.type as OrderLine['type'],
      productId: line.productId,
      hash: line.hash,
      variantCode: line.variantCode,
      vin: line.vin || null,
      nameKey: line.nameKey,
      name: lineName(line, messages),
      options,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      vatRateBp: line.vatRateBp,
      total: line.total,
      unitAmount: listed.unit,
      amount: listed.amount,
      deposit: line.deposit,
    };
  });
  return {
    id: order.id,
    number: order.number,
    type: order.type as OrderView['type'],
    status: ledger.status,
    createdAt: order.createdAt.toISOString(),
    country: order.country,
    currency: order.currency,
    language: order.language,
    customerType: order.customerType,
    contact,
    shippingAddress,
    billing,
    shippingMethod: order.shippingMethod,
    customerOrderReference: order.customerOrderReference,
    lines: view,
    subtotal: order.subtotal,
    shipping: order.shipping,
    fees: order.fees,
    tax: order.tax,
    total: order.total,
    taxPresentation: presentation,
    paid: ledger.paid,
    toPay: ledger.toPay,
    pending: ledger.pending,
    bankTransferPending: pendingBankTransfer(payments, ledger.toPay) !== null,
    payments: payments.map((p) => ({
      id: p.id,
      kind: p.kind,
      method: p.method,
      status: p.status,
      amount: p.amount,
      refunded: p.refunded,
      currency: p.currency,
      createdAt: p.createdAt.toISOString(),
    })),
    deliveryDate: order.deliveryDate ?? null,
    taxDetails: isObject(order.taxDetails) ? order.taxDetails : {},
    reservedUntil:
      order.reservedUntil && ledger.paid <= 0 && order.status !== 'cancelled'
        ? order.reservedUntil.toISOString()
        : null,
    reservationLapsed: order.status === 'cancelled' && order.reservationLapsedAt !== null,
    shipments: found.shipments.map(shipmentView),
  };
}
