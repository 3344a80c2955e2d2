import { DEMO_PASSWORD, orderLines, orders, outbox, payments, users } from '@varg/db';
import { asc, eq } from 'drizzle-orm';
import { bearer, useApi } from './helper.ts';

// The orders tests' shared setup (apps/api/src/modules/orders/{orders,invoice,emails}.test.ts): the API on a fresh
// database, sign-in, reads in a language, orders inserted as the checkout makes them, their payments and e-mails.

/** The API of the current test file (built before its tests, closed after them). */
export let ctx: ReturnType<typeof useApi>;

/** Builds the API for the current test file (call once, at the top of the file); the helpers here call it. */
export function ordersApi() {
  ctx = useApi();
  return ctx;
}

export const UNKNOWN = 'f0a1e000-0000-4000-8000-0000000000ff';
let ip = 0;

export async function signIn(email: string, password = DEMO_PASSWORD): Promise<string> {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/v1/user/sign-in',
    remoteAddress: `203.0.113.${++ip}`,
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.body}`);
  return res.json().token as string;
}

export const get = (url: string, token?: string, lang = 'de') =>
  ctx.app.inject({ url, headers: { 'x-lang': lang, ...(token ? bearer(token) : {}) } });

/** Inserts an order of the user with its lines and payments, as the checkout would. */
export async function insertOrder(
  userId: string,
  input: {
    type?: 'vehicle' | 'store';
    country?: string;
    language?: string;
    customerType?: string;
    billing?: Record<string, unknown>;
    taxDetails?: Record<string, unknown>;
    currency?: string;
    /** A line's total defaults to unit price × quantity (prices with VAT). */
    lines?: Array<{
      name: string;
      nameKey?: string;
      quantity: number;
      unitPrice: number;
      vatRateBp: number;
      total?: number;
    }>;
    subtotal?: number;
    shipping?: number;
    tax?: number;
    total?: number;
    payments?: Array<{
      kind: string;
      method: string;
      status: string;
      amount: number;
      refunded?: number;
      failureCode?: string;
      createdAt?: Date;
    }>;
    createdAt?: Date;
    /** The contact's e-mail address (ada@example.com by default). */
    email?: string;
    status?: string;
    deliveryDate?: string;
  } = {},
) {
  const lines = input.lines ?? [
    { name: 'Cap', nameKey: 'store_article_cap', quantity: 1, unitPrice: 2_900, vatRateBp: 1900 },
  ];
  const subtotal = input.subtotal ?? lines.reduce((s, l) => s + l.unitPrice * l.quantity, 0);
  const shipping = input.shipping ?? 0;
  const [row] = await ctx.database.db
    .insert(orders)
    .values({
      type: input.type ?? 'store',
      userId,
      country: input.country ?? 'DE',
      currency: input.currency ?? 'EUR',
      language: input.language ?? 'de',
      customerType: input.customerType ?? 'B2C',
      contact: {
        first_name: 'Ada',
        last_name: 'Lovelace',
        email: input.email ?? 'ada@example.com',
        phone: '+4930123456',
      },
      shippingAddress: { line_1: 'Unter den Linden 1', postal_code: '10117', city: 'Berlin', country: 'DE' },
      billing: input.billing ?? {},
      shippingMethod: 'standard',
      subtotal,
      shipping,
      tax: input.tax ?? 0,
      total: input.total ?? subtotal + shipping,
      taxDetails: input.taxDetails ?? {},
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
      ...(input.status ? { status: input.status } : {}),
      ...(input.deliveryDate ? { deliveryDate: input.deliveryDate } : {}),
    })
    .returning();
  if (!row) throw new Error('no order');
  await ctx.database.db.insert(orderLines).values(
    lines.map((l) => ({
      orderId: row.id,
      type: 'store',
      nameKey: l.nameKey ?? '',
      name: l.name,
      quantity: l.quantity,
      unitPrice: l.unitPrice,
      vatRateBp: l.vatRateBp,
      total: l.total ?? l.unitPrice * l.quantity,
    })),
  );
  // One millisecond apart, in the order given: the database clock can give rows made in the same millisecond the
  // same time, and "oldest first" would then be a coin toss.
  const start = Date.now();
  for (const [i, p] of (input.payments ?? []).entries()) {
    await ctx.database.db
      .insert(payments)
      .values({ orderId: row.id, currency: 'EUR', provider: 'sandbox', createdAt: new Date(start + i), ...p });
  }
  return row;
}

/** The order's payments, oldest first. */
export async function paymentsOf(orderId: string) {
  return ctx.database.db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.createdAt), asc(payments.id));
}

/** Every e-mail to an address, oldest first, from the outbox (the dev mailbox only shows the newest). */
export async function mailsTo(to: string) {
  return ctx.database.db.select().from(outbox).where(eq(outbox.to, to)).orderBy(asc(outbox.createdAt));
}

/** Spaces as printed by Intl (no-break, narrow no-break) read as plain spaces. */
export const plain = (text: string | undefined) => (text ?? '').replace(/[\u00a0\u202f]/g, ' ');

export async function userId(email: string): Promise<string> {
  const [row] = await ctx.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row.id;
}
