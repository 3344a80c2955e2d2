import { DEMO_PARTS_ORDER_ID, DEMO_VEHICLE_ORDER_ID, orders, outbox, payments } from '@varg/db';
import { t } from '@varg/i18n/server';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lastMail, newCustomer } from '../../../test/helper.ts';
import {
  ctx,
  insertOrder,
  mailsTo,
  ordersApi,
  paymentsOf,
  plain,
  UNKNOWN,
  userId,
} from '../../../test/orders-fixture.ts';
import { EXPLAINED_FAILURES } from './emails.ts';

// Orders (decisions 014, 027): the order e-mails, the payment-failed e-mail and the balance reminders.

ordersApi();

describe('order e-mails', () => {
  it('confirms an order in its language, with the lines, what is due and the link to the order', async () => {
    await ctx.app.services.orders.sendOrderConfirmation(DEMO_VEHICLE_ORDER_ID);
    const mail = await lastMail(ctx.app, 'customer@demo.starkfuture.com');
    expect(mail?.lang).toBe('de');
    expect(mail?.subject).toContain('100001');
    const text = mail?.text.replace(/\u00a0/g, ' ') ?? '';
    expect(text).toContain('Laura');
    expect(text).toContain('1 × VARG EX: 15.428,00 €');
    expect(text).toContain('15.277,00 €');
    expect(text).toContain(`http://shop.test/de-DE/orders/my/${DEMO_VEHICLE_ORDER_ID}`);
    // No transfer is awaited: no bank details.
    expect(text).not.toContain('ES91');
  });

  it('adds the bank details when a transfer is awaited, and links a store order to the parts orders', async () => {
    await newCustomer(ctx.app, 'awaiting@example.com');
    const order = await insertOrder(await userId('awaiting@example.com'), {
      language: 'en-us',
      payments: [{ kind: 'full', method: 'bank_transfer', status: 'CREATED', amount: 2_900 }],
    });
    await ctx.app.services.orders.sendOrderConfirmation(order.id);
    const mail = await lastMail(ctx.app, 'ada@example.com');
    expect(mail?.lang).toBe('en-us');
    const text = mail?.text ?? '';
    expect(text).toContain('ES91 2100 0418 4502 0005 1332');
    expect(text).toContain('CAIXESBBXXX');
    expect(text).toContain(String(order.number));
    expect(text).toContain(`http://shop.test/en-DE/orders/parts/${order.id}`);
  });

  it('tells the buyer a payment came in: after a deposit, what was paid, what is due and where to pay it', async () => {
    const [payment] = await paymentsOf(DEMO_VEHICLE_ORDER_ID);
    await ctx.app.services.orders.sendPaymentReceived(DEMO_VEHICLE_ORDER_ID, payment?.id ?? '');
    const mail = await lastMail(ctx.app, 'customer@demo.starkfuture.com');
    expect(mail?.lang).toBe('de');
    expect(mail?.subject).toContain('100001');
    const text = plain(mail?.text);
    expect(text).toContain('Wir haben Ihre Zahlung von 500,00 € für die Bestellung 100001 erhalten.');
    expect(text).toContain('Bezahlt haben Sie 500,00 € von 15.777,00 €; noch offen: 15.277,00 €.');
    const payLink = `http://shop.test/de-DE/complete-order/${DEMO_VEHICLE_ORDER_ID}`;
    expect(text).toContain(`Die Restzahlung können Sie hier leisten: ${payLink}`);
    expect(text).toContain(`http://shop.test/de-DE/orders/my/${DEMO_VEHICLE_ORDER_ID}`);
    // Both links are clickable in the HTML part.
    const [stored] = (await mailsTo('customer@demo.starkfuture.com')).slice(-1);
    expect(stored?.html).toContain(`<a href="${payLink}">${payLink}</a>`);
    expect(stored?.html).toContain(`<a href="http://shop.test/de-DE/orders/my/${DEMO_VEHICLE_ORDER_ID}">`);
    await expect(ctx.app.services.orders.sendOrderConfirmation(UNKNOWN)).rejects.toMatchObject({
      code: 'ORDER_NOT_FOUND',
    });
  });

  it('says an order is paid in full when nothing is due, without a link to pay', async () => {
    const [payment] = await paymentsOf(DEMO_PARTS_ORDER_ID);
    await ctx.app.services.orders.sendPaymentReceived(DEMO_PARTS_ORDER_ID, payment?.id ?? '');
    const text = plain((await lastMail(ctx.app, 'customer@demo.starkfuture.com'))?.text);
    expect(text).toContain('437,88 €');
    expect(text).toContain(t('de', 'email_payment_complete'));
    expect(text).not.toContain('complete-order');
    await expect(ctx.app.services.orders.sendPaymentReceived(DEMO_PARTS_ORDER_ID, UNKNOWN)).rejects.toThrow(
      /has not succeeded/,
    );
  });
});

describe('the payment-failed e-mail', () => {
  it('tells the buyer in the order’s language which payment failed, why, and where to try again', async () => {
    await newCustomer(ctx.app, 'declined@example.com');
    const order = await insertOrder(await userId('declined@example.com'), {
      type: 'vehicle',
      country: 'FR',
      language: 'fr',
      email: 'declined@example.com',
      lines: [{ name: 'VARG MX', nameKey: 'model_varg_name', quantity: 1, unitPrice: 1_190_000, vatRateBp: 2000 }],
      payments: [
        { kind: 'deposit', method: 'card', status: 'FAILED', amount: 50_000, failureCode: 'insufficient_funds' },
      ],
    });
    const [payment] = await paymentsOf(order.id);
    await ctx.app.services.orders.sendPaymentFailed(order.id, payment?.id ?? '');
    const [mail, ...others] = await mailsTo('declined@example.com').then((all) => all.slice(1)); // after the sign-up
    expect(others).toEqual([]);
    expect(mail?.lang).toBe('fr');
    expect(mail?.subject).toBe(`Le paiement de la commande ${order.number} n’a pas abouti`);
    const text = plain(mail?.text);
    expect(text).toContain('Bonjour Ada,');
    expect(text).toContain(
      `Votre paiement de 500,00 € pour la commande ${order.number} n’a pas abouti (moyen de paiement : Carte bancaire).`,
    );
    expect(text).toContain('La provision était insuffisante pour ce paiement.');
    expect(text).toContain('Reste à payer : 11 900,00 €.');
    const payLink = `http://shop.test/fr-FR/complete-order/${order.id}`;
    expect(text).toContain(`ici : ${payLink}`);
    expect(mail?.html).toContain(`<a href="${payLink}">${payLink}</a>`);
    expect(mail?.html).toContain('<html lang="fr">');
  });

  it('explains every failure code we know, and falls back to a generic sentence', async () => {
    await newCustomer(ctx.app, 'reasons@example.com');
    const codes: string[] = [...EXPLAINED_FAILURES];
    const order = await insertOrder(await userId('reasons@example.com'), {
      type: 'vehicle',
      language: 'en-us',
      country: 'US',
      currency: 'USD',
      email: 'reasons@example.com',
      lines: [{ name: 'VARG MX', nameKey: 'model_varg_name', quantity: 1, unitPrice: 1_049_000, vatRateBp: 0 }],
      payments: [
        ...codes.map((failureCode) => ({
          kind: 'full',
          method: 'ach',
          status: 'FAILED',
          amount: 1_049_000,
          failureCode,
        })),
        { kind: 'full', method: 'klarna', status: 'FAILED', amount: 1_049_000, failureCode: 'processing_error' },
        { kind: 'full', method: 'wallet', status: 'FAILED', amount: 1_049_000 },
      ],
    });
    // Each payment's e-mail is read right after it is sent (rows made in one insert have no order of their own).
    const methodNames: Record<string, string> = { ach: 'ACH direct debit', klarna: 'Klarna', wallet: 'Store credit' };
    const reasons = new Set<string>();
    const seen = new Set((await mailsTo('reasons@example.com')).map((m) => m.id));
    const sent = await paymentsOf(order.id);
    for (const payment of sent) {
      await ctx.app.services.orders.sendPaymentFailed(order.id, payment.id);
      const added = (await mailsTo('reasons@example.com')).filter((m) => !seen.has(m.id));
      expect(added).toHaveLength(1);
      for (const m of added) seen.add(m.id);
      const text = added[0]?.text ?? '';
      const known = codes.includes(payment.failureCode ?? '');
      const reason = t(
        'en-us',
        known ? `email_payment_failed_reason_${payment.failureCode}` : 'email_payment_failed_reason_generic',
      );
      expect(text).toContain(reason);
      expect(text).toContain(`(payment method: ${methodNames[payment.method]})`);
      expect(text).toContain(`http://shop.test/en-US/complete-order/${order.id}`);
      reasons.add(reason);
    }
    expect(sent).toHaveLength(11);
    // Nine explained codes, and one generic sentence for the unknown code and the missing one.
    expect(reasons.size).toBe(10);
  });

  it('refuses a payment that has not failed, and sends nothing when the order no longer owes anything', async () => {
    await newCustomer(ctx.app, 'settled@example.com');
    const order = await insertOrder(await userId('settled@example.com'), {
      email: 'settled@example.com',
      payments: [
        { kind: 'full', method: 'card', status: 'FAILED', amount: 2_900, failureCode: 'card_declined' },
        { kind: 'full', method: 'card', status: 'SUCCEEDED', amount: 2_900 },
      ],
    });
    const [failed, succeeded] = await paymentsOf(order.id);
    await expect(ctx.app.services.orders.sendPaymentFailed(order.id, succeeded?.id ?? '')).rejects.toThrow(
      /has not failed/,
    );
    await expect(ctx.app.services.orders.sendPaymentFailed(UNKNOWN, failed?.id ?? '')).rejects.toMatchObject({
      code: 'ORDER_NOT_FOUND',
    });
    await ctx.app.services.orders.sendPaymentFailed(order.id, failed?.id ?? '');
    expect(await mailsTo('settled@example.com')).toHaveLength(1); // the sign-up only
  });
});

describe('balance reminders', () => {
  const NOW = new Date('2026-01-10T08:00:00Z');
  const days = (n: number) => new Date(NOW.getTime() + n * 86_400_000);
  const bike = [{ name: 'VARG EX', nameKey: 'model_varg_ex_name', quantity: 1, unitPrice: 1_190_000, vatRateBp: 1900 }];
  const deposit = { kind: 'deposit', method: 'card', status: 'SUCCEEDED', amount: 50_000 };

  it('reminds an order with a deposit paid and a delivery within 42 days, once a week, in its language', async () => {
    await newCustomer(ctx.app, 'reminders@example.com');
    const id = await userId('reminders@example.com');
    const order = (email: string, input: Parameters<typeof insertOrder>[1]) =>
      insertOrder(id, { type: 'vehicle', lines: bike, email, ...input });
    const soon = await order('soon@example.com', { deliveryDate: '2026-02-15', payments: [deposit] });
    const late = await order('late@example.com', {
      language: 'en-us',
      deliveryDate: '2026-01-02',
      payments: [deposit, { kind: 'remaining', method: 'wallet', status: 'SUCCEEDED', amount: 10_000 }],
    });
    const edge = await order('edge@example.com', { deliveryDate: '2026-02-21', payments: [deposit] });
    // Paid in full, then 1,000 € given back: it owes again (the ledger counts amount − refunded).
    await order('refunded@example.com', {
      deliveryDate: '2026-02-01',
      payments: [{ kind: 'full', method: 'card', status: 'SUCCEEDED', amount: 1_190_000, refunded: 100_000 }],
    });
    // Not reminded: paid in full; nothing paid (a failed deposit, a transfer on its way); delivery far away;
    // cancelled; no delivery date; a store order.
    await order('paid@example.com', {
      deliveryDate: '2026-02-01',
      payments: [deposit, { kind: 'remaining', method: 'sepa', status: 'SUCCEEDED', amount: 1_140_000 }],
    });
    await order('unpaid@example.com', {
      deliveryDate: '2026-02-01',
      payments: [
        { ...deposit, status: 'FAILED' },
        { kind: 'deposit', method: 'bank_transfer', status: 'PROCESSING', amount: 50_000 },
      ],
    });
    await order('far@example.com', { deliveryDate: '2026-03-01', payments: [deposit] });
    await order('cancelled@example.com', { status: 'cancelled', deliveryDate: '2026-02-01', payments: [deposit] });
    await order('undated@example.com', { payments: [deposit] });
    await order('store@example.com', { type: 'store', deliveryDate: '2026-02-01', payments: [deposit] });

    const reminders = ctx.app.services.orders;
    expect(await reminders.sendBalanceReminders(NOW)).toBe(4);
    expect(await mailsTo('refunded@example.com')).toHaveLength(1);
    const [mail, ...more] = await mailsTo('soon@example.com');
    expect(more).toEqual([]);
    expect(mail?.lang).toBe('de');
    expect(mail?.subject).toBe(`Bestellung ${soon.number}: Bitte leisten Sie die Restzahlung vor der Lieferung`);
    const text = plain(mail?.text);
    expect(text).toContain(`Die Bestellung ${soon.number} soll am 15. Februar 2026 geliefert werden.`);
    expect(text).toContain('Bezahlt haben Sie 500,00 € von 11.900,00 €; noch offen: 11.400,00 €.');
    const payLink = `http://shop.test/de-DE/complete-order/${soon.id}`;
    expect(text).toContain(payLink);
    expect(mail?.html).toContain(`<a href="${payLink}">`);
    const [lateMail] = await mailsTo('late@example.com');
    expect(lateMail?.lang).toBe('en-us');
    expect(lateMail?.text).toContain(
      `Your bike from order ${late.number} was scheduled for delivery on 2 January 2026 and is waiting for the balance`,
    );
    expect(lateMail?.text).toContain('You have paid €600.00 of €11,900.00; €11,300.00 is still due.');
    expect(lateMail?.text).toContain(`http://shop.test/en-DE/complete-order/${late.id}`);
    expect(await mailsTo('edge@example.com')).toHaveLength(1);
    for (const other of ['paid', 'unpaid', 'far', 'cancelled', 'undated', 'store']) {
      expect(await mailsTo(`${other}@example.com`), other).toEqual([]);
    }
    const [marked] = await ctx.database.db.select().from(orders).where(eq(orders.id, soon.id));
    expect(marked?.balanceReminderAt?.toISOString()).toBe(NOW.toISOString());

    // The same day and six days later: nothing again; eight days later the same four, and the far one, whose
    // delivery is then within 42 days.
    expect(await reminders.sendBalanceReminders(NOW)).toBe(0);
    expect(await reminders.sendBalanceReminders(days(6))).toBe(0);
    expect(await reminders.sendBalanceReminders(days(8))).toBe(5);
    expect(await mailsTo('soon@example.com')).toHaveLength(2);
    expect(await mailsTo('far@example.com')).toHaveLength(1);
    expect((await mailsTo('edge@example.com'))[1]?.subject).toContain(String(edge.number));
  });

  it('sends each reminder once when two runs overlap, and stops once the balance is paid', async () => {
    await newCustomer(ctx.app, 'overlap@example.com');
    const id = await userId('overlap@example.com');
    const order = await insertOrder(id, {
      type: 'vehicle',
      lines: bike,
      email: 'overlap-order@example.com',
      deliveryDate: '2026-02-01',
      payments: [deposit],
    });
    const mailCount = async () => (await ctx.database.db.select({ id: outbox.id }).from(outbox)).length;
    const before = await mailCount();
    const runs = await Promise.all([
      ctx.app.services.orders.sendBalanceReminders(days(30)),
      ctx.app.services.orders.sendBalanceReminders(days(30)),
    ]);
    expect(await mailsTo('overlap-order@example.com')).toHaveLength(1);
    // Whatever else is due that day (orders of other tests) went out once too: as many e-mails as the runs counted.
    expect(runs[0] + runs[1]).toBeGreaterThanOrEqual(1);
    expect(await mailCount()).toBe(before + runs[0] + runs[1]);
    await ctx.database.db.insert(payments).values({
      orderId: order.id,
      kind: 'remaining',
      method: 'card',
      status: 'SUCCEEDED',
      amount: 1_140_000,
      currency: 'EUR',
      provider: 'sandbox',
    });
    await ctx.app.services.orders.sendBalanceReminders(days(60));
    expect(await mailsTo('overlap-order@example.com')).toHaveLength(1);
  });

  it('a reminder whose e-mail cannot be written leaves its order unclaimed, for the next run (decision 056)', async () => {
    await newCustomer(ctx.app, 'no-contact@example.com');
    const order = await insertOrder(await userId('no-contact@example.com'), {
      type: 'vehicle',
      lines: bike,
      email: '',
      deliveryDate: '2026-02-01',
      payments: [deposit],
    });
    await expect(ctx.app.services.orders.sendBalanceReminders(days(90))).rejects.toBeInstanceOf(AggregateError);
    const [row] = await ctx.database.db.select().from(orders).where(eq(orders.id, order.id));
    expect(row?.balanceReminderAt).toBeNull();
    expect(await ctx.database.db.select().from(outbox).where(eq(outbox.orderId, order.id))).toEqual([]);
  });
});
