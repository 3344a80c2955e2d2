import { z } from 'zod';

const Count = z.number().int().min(0);
const Day = z.string().meta({ description: 'A UTC day, YYYY-MM-DD' });

/** The back office's overview (issue 24 item 9): figures of today and of the last `days` days, by owning module. */
export const AdminDashboard = z
  .object({
    days: z.union([z.literal(30), z.literal(90)]),
    /** The first day of the period (UTC). */
    since: Day,
    today: Day,
    ordersToday: Count,
    /** Payments received (succeeded, less refunds; store credit not counted), minor units per currency. */
    revenue: z.array(z.object({ currency: z.string(), today: z.number().int(), period: z.number().int() })),
    /** Money received in the period per market (the order's country) and currency, largest first. */
    revenueByMarket: z.array(z.object({ country: z.string(), currency: z.string(), amount: z.number().int() })),
    attention: z.object({
      failed: Count.meta({ description: 'Payments that failed in the period' }),
      awaitingTransfer: Count.meta({ description: 'Bank transfers of orders still waiting for the money' }),
    }),
    openApplications: Count,
    stockBikes: z.array(z.object({ country: z.string(), available: Count })),
    storeUnavailable: z.object({
      total: Count,
      items: z.array(z.object({ sku: z.string(), name: z.string() })),
    }),
    /** SKUs on sale whose counted quantity is at or below their low-stock mark (decision 060), lowest first. */
    storeLowStock: z.object({
      total: Count,
      items: z.array(z.object({ sku: z.string(), name: z.string(), quantity: z.number().int() })),
    }),
    /** Deposit orders of the period, and how many of them are paid in full. */
    deposits: z.object({ orders: Count, fullyPaid: Count }),
    /** Only for a compliance officer (not an administrator acting as one): decision 023. */
    whistleblowing: z.object({ open: Count, acknowledgementOverdue: Count, feedbackOverdue: Count }).nullable(),
    series: z.object({
      orders: z.array(z.object({ day: Day, count: Count })),
      revenue: z.array(z.object({ day: Day, currency: z.string(), amount: z.number().int() })),
      markets: z.array(z.object({ country: z.string(), orders: Count })),
      payments: z.array(z.object({ day: Day, deposits: Count, remaining: Count })),
      bids: z.array(z.object({ day: Day, count: Count })),
    }),
  })
  .meta({ id: 'AdminDashboard' });
export type AdminDashboard = z.infer<typeof AdminDashboard>;
export const DashboardQuery = z.object({
  days: z
    .enum(['30', '90'])
    .default('30')
    .transform((d) => (d === '90' ? 90 : 30) as 30 | 90),
});
