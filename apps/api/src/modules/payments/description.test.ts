import { orders } from '@varg/db';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bikeOrder, ctx, paymentsApi, WEBHOOK_SECRET } from '../../../test/payments-fixture.ts';
import { memorySandboxStore, type SandboxPayments, sandboxPayments } from '../../providers/payments/sandbox.ts';
import { payableOrders } from './ownership.ts';
import { paymentsRepo } from './repo.ts';
import { paymentsService } from './service.ts';

// The description a payment provider shows the buyer (statement, wallet sheets) is written in the order's language.

paymentsApi();

describe('the payment description the provider shows', () => {
  it('names the order in its language, with its number', async () => {
    const { orderId } = await bikeOrder('DE');
    const db = ctx.database.db;
    const [placed] = await db
      .update(orders)
      .set({ language: 'de' })
      .where(eq(orders.id, orderId))
      .returning({ number: orders.number, userId: orders.userId });
    const seen: string[] = [];
    const sandbox = sandboxPayments({ store: memorySandboxStore(), webhookSecret: WEBHOOK_SECRET, settleMs: 0 });
    const capturing: SandboxPayments = {
      ...sandbox,
      async createIntent(input) {
        seen.push(input.description);
        return sandbox.createIntent(input);
      },
    };
    const repo = paymentsRepo(db);
    const service = paymentsService({
      repo,
      providers: { forCountry: () => capturing, byName: () => capturing, sandbox: capturing },
      orderFor: payableOrders(repo),
      cartFor: async () => null,
    });
    await service.start(
      { userId: placed?.userId ?? '', roles: ['customer'] },
      { order: orderId, kind: 'full', method: 'card' },
    );
    expect(seen).toEqual([`Bestellung ${placed?.number} bei Stark Future`]);
  });
});
