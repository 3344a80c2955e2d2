import { describe, expect, it } from 'vitest';
import { card, intent, nextYear, RETURN, sandbox } from '../../../test/sandbox-fixture.ts';
import { abaValid, cardBrand, luhnValid, SANDBOX_ACH, SANDBOX_CARDS } from './sandbox.ts';

// The payment sandbox: its helpers, card intents and saved cards. Debits, redirects and bank transfers (sandbox-debits),
// amounts, refunds, customers and webhooks (sandbox-webhooks) have their own files; the shared setup is
// apps/api/test/sandbox-fixture.ts.

describe('sandbox helpers', () => {
  it('checks card numbers (Luhn), routing numbers (ABA) and names brands', () => {
    for (const n of Object.values(SANDBOX_CARDS)) expect(luhnValid(n)).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('4242')).toBe(false);
    expect(abaValid(SANDBOX_ACH.routing)).toBe(true);
    expect(abaValid('110000001')).toBe(false);
    expect(abaValid('11000000')).toBe(false);
    expect(cardBrand(SANDBOX_CARDS.success)).toBe('visa');
    expect(cardBrand(SANDBOX_CARDS.mastercard)).toBe('mastercard');
    expect(cardBrand('378282246310005')).toBe('amex');
  });
});

describe('sandbox intents', () => {
  it('createIntent is idempotent: the same key answers the same attempt, another key a new one', async () => {
    const { provider } = sandbox();
    const input = intent();
    const first = await provider.createIntent(input);
    expect(first).toMatchObject({ status: 'CREATED', actionUrl: null, failureCode: null, instructions: null });
    expect(first.reference).toMatch(/^pi_sbx_/);
    expect(first.clientSecret).toBeTruthy();
    const again = await provider.createIntent({ ...input, amount: 1 });
    expect(again.reference).toBe(first.reference);
    // A retried call answers the attempt as it was made (its amount is not changed by the retry).
    await provider.confirm(first.reference, 'DE', card(SANDBOX_CARDS.success), RETURN);
    expect((await provider.createIntent(input)).status).toBe('SUCCEEDED');
    const other = await provider.createIntent(intent());
    expect(other.reference).not.toBe(first.reference);
    expect(other.status).toBe('CREATED');
  });

  it.each([
    ['success', SANDBOX_CARDS.success, 'SUCCEEDED', null],
    ['mastercard', SANDBOX_CARDS.mastercard, 'SUCCEEDED', null],
    ['declined', SANDBOX_CARDS.declined, 'FAILED', 'card_declined'],
    ['insufficient funds', SANDBOX_CARDS.insufficientFunds, 'FAILED', 'insufficient_funds'],
    ['not a card number', '4242424242424241', 'FAILED', 'invalid_number'],
  ])('a card (%s) ends %s', async (_name, number, status, failureCode) => {
    const { provider } = sandbox();
    const { reference } = await provider.createIntent(intent());
    const result = await provider.confirm(reference, 'DE', card(number.replace(/(\d{4})/g, '$1 ').trim()), RETURN);
    expect(result).toMatchObject({ reference, status, failureCode, actionUrl: null });
    expect(await provider.retrieve(reference, 'DE')).toMatchObject({ status, failureCode });
  });

  it('an expired card, a bad month or a bad CVC fails', async () => {
    const { provider } = sandbox();
    const cases: Array<[Partial<{ expMonth: number; expYear: number; cvc: string }>, string]> = [
      [{ expYear: 2020 }, 'expired_card'],
      [{ expMonth: 13 }, 'expired_card'],
      [{ cvc: '12' }, 'incorrect_cvc'],
    ];
    for (const [over, code] of cases) {
      const { reference } = await provider.createIntent(intent());
      expect(await provider.confirm(reference, 'DE', card(SANDBOX_CARDS.success, over), RETURN)).toMatchObject({
        status: 'FAILED',
        failureCode: code,
      });
    }
  });

  it('a 3-D Secure card waits for the buyer (actionUrl = returnUrl); approved it succeeds, declined it fails', async () => {
    const { provider } = sandbox();
    const a = await provider.createIntent(intent());
    expect(await provider.confirm(a.reference, 'DE', card(SANDBOX_CARDS.requiresAction), RETURN)).toMatchObject({
      status: 'REQUIRES_ACTION',
      actionUrl: RETURN,
    });
    expect(await provider.completeAction(a.reference, 'DE', true)).toMatchObject({
      status: 'SUCCEEDED',
      failureCode: null,
    });
    // Done is done: another decision changes nothing.
    expect((await provider.completeAction(a.reference, 'DE', false)).status).toBe('SUCCEEDED');

    const b = await provider.createIntent(intent());
    await provider.confirm(b.reference, 'DE', card(SANDBOX_CARDS.requiresAction), RETURN);
    expect(await provider.completeAction(b.reference, 'DE', false)).toMatchObject({
      status: 'FAILED',
      failureCode: 'authentication_failed',
    });
  });

  it('a finished attempt is not confirmed again', async () => {
    const { provider } = sandbox();
    const { reference } = await provider.createIntent(intent());
    await provider.confirm(reference, 'DE', card(SANDBOX_CARDS.declined), RETURN);
    expect(await provider.confirm(reference, 'DE', card(SANDBOX_CARDS.success), RETURN)).toMatchObject({
      status: 'FAILED',
      failureCode: 'card_declined',
    });
    // completeAction on an attempt that waits for nothing changes nothing either.
    const other = await provider.createIntent(intent());
    expect((await provider.completeAction(other.reference, 'DE', true)).status).toBe('CREATED');
  });

  it('an unknown attempt is an error', async () => {
    const { provider } = sandbox();
    await expect(provider.retrieve('pi_sbx_nope', 'DE')).rejects.toThrow(/no such sandbox intent/);
    await expect(provider.confirm('pi_sbx_nope', 'DE', { type: 'redirect' }, RETURN)).rejects.toThrow();
  });
});

describe('sandbox saved cards', () => {
  async function saveCard(provider: ReturnType<typeof sandbox>['provider'], customer: string, number: string) {
    const { clientSecret } = await provider.createSetupIntent({ customerRef: customer, country: 'DE', method: 'card' });
    const saved = await provider.confirmSetup(
      clientSecret,
      { number, expMonth: 11, expYear: nextYear, cvc: '999' },
      customer,
    );
    if ('failureCode' in saved) throw new Error(saved.failureCode);
    return saved;
  }

  it('saves a card (brand, last 4, expiry; never the number) and lists it for its customer only', async () => {
    const { provider } = sandbox();
    const saved = await saveCard(provider, 'cus_a', SANDBOX_CARDS.mastercard);
    expect(saved).toEqual({
      id: expect.stringMatching(/^pm_sbx_/),
      brand: 'mastercard',
      exp_month: 11,
      exp_year: nextYear,
      last4: '4444',
    });
    expect(await provider.listCards('cus_a', 'DE')).toEqual([saved]);
    expect(await provider.listCards('cus_b', 'DE')).toEqual([]);
  });

  it('paying with a saved card keeps the test number’s behaviour', async () => {
    const { provider } = sandbox();
    const plain = await saveCard(provider, 'cus_a', SANDBOX_CARDS.success);
    const secure = await saveCard(provider, 'cus_a', SANDBOX_CARDS.requiresAction);
    const a = await provider.createIntent(intent());
    expect(await provider.confirm(a.reference, 'DE', { type: 'saved_card', id: plain.id }, RETURN)).toMatchObject({
      status: 'SUCCEEDED',
    });
    const b = await provider.createIntent(intent());
    expect(await provider.confirm(b.reference, 'DE', { type: 'saved_card', id: secure.id }, RETURN)).toMatchObject({
      status: 'REQUIRES_ACTION',
      actionUrl: RETURN,
    });
    expect((await provider.completeAction(b.reference, 'DE', true)).status).toBe('SUCCEEDED');
    // The card stays saved after use.
    expect((await provider.listCards('cus_a', 'DE')).map((c) => c.id)).toEqual([plain.id, secure.id]);
  });

  it('refuses another customer’s card, and an unknown one', async () => {
    const { provider } = sandbox();
    const hers = await saveCard(provider, 'cus_b', SANDBOX_CARDS.success);
    const mine = await provider.createIntent(intent({ customerRef: 'cus_a' }));
    expect(await provider.confirm(mine.reference, 'DE', { type: 'saved_card', id: hers.id }, RETURN)).toMatchObject({
      status: 'FAILED',
      failureCode: 'payment_method_not_found',
    });
    const anon = await provider.createIntent(intent({ customerRef: null }));
    expect(
      await provider.confirm(anon.reference, 'DE', { type: 'saved_card', id: 'pm_sbx_unknown' }, RETURN),
    ).toMatchObject({
      status: 'FAILED',
      failureCode: 'payment_method_not_found',
    });
  });

  it('a setup intent: a wrong secret, another customer, a declined card and a second use are refused', async () => {
    const { provider } = sandbox();
    const { clientSecret } = await provider.createSetupIntent({ customerRef: 'cus_a', country: 'DE', method: 'card' });
    expect(clientSecret).toMatch(/^seti_sbx_\w+_secret_\w+$/);
    const good = { number: SANDBOX_CARDS.success, expMonth: 1, expYear: nextYear, cvc: '123' };
    const id = clientSecret.split('_secret_')[0];
    expect(await provider.confirmSetup(`${id}_secret_wrong`, good, 'cus_a')).toEqual({
      failureCode: 'setup_intent_invalid',
    });
    expect(await provider.confirmSetup(`${clientSecret}x`, good, 'cus_a')).toEqual({
      failureCode: 'setup_intent_invalid',
    });
    expect(await provider.confirmSetup('seti_sbx_nope_secret_x', good, 'cus_a')).toEqual({
      failureCode: 'setup_intent_invalid',
    });
    expect(await provider.confirmSetup(clientSecret, good, 'cus_b')).toEqual({ failureCode: 'setup_intent_invalid' });
    expect(await provider.confirmSetup(clientSecret, { ...good, number: SANDBOX_CARDS.declined }, 'cus_a')).toEqual({
      failureCode: 'card_declined',
    });
    expect(await provider.listCards('cus_a', 'DE')).toEqual([]);
    expect(await provider.listCards('cus_b', 'DE')).toEqual([]);
    // Failed tries leave the setup intent usable; once used it is spent.
    const saved = await provider.confirmSetup(clientSecret, good, 'cus_a');
    expect(saved).toMatchObject({ brand: 'visa', last4: '4242' });
    expect(await provider.confirmSetup(clientSecret, good, 'cus_a')).toEqual({ failureCode: 'setup_intent_invalid' });
    expect(await provider.listCards('cus_a', 'DE')).toHaveLength(1);
  });

  it('detaches a card for its customer only', async () => {
    const { provider } = sandbox();
    const saved = await saveCard(provider, 'cus_a', SANDBOX_CARDS.success);
    expect(await provider.detachCard('cus_b', 'DE', saved.id)).toBe(false);
    expect(await provider.listCards('cus_a', 'DE')).toHaveLength(1);
    expect(await provider.detachCard('cus_a', 'DE', saved.id)).toBe(true);
    expect(await provider.listCards('cus_a', 'DE')).toEqual([]);
    expect(await provider.detachCard('cus_a', 'DE', saved.id)).toBe(false);
    // A detached card no longer pays.
    const { reference } = await provider.createIntent(intent());
    expect((await provider.confirm(reference, 'DE', { type: 'saved_card', id: saved.id }, RETURN)).failureCode).toBe(
      'payment_method_not_found',
    );
  });
});
