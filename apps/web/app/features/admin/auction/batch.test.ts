import { describe, expect, it } from 'vitest';
import { auctionValues, batchBody, NEW_BATCH } from './batch.ts';

describe('the batch form', () => {
  const typed = { ...NEW_BATCH, slug: 'Spring-2027', startsAt: '2027-03-01T09:00', endsAt: '2027-03-21T18:00' };

  it('turns euros, minutes and UTC times into the API’s body', () => {
    expect(batchBody({ ...typed, reserve: '150,50', featured: '7, 1 7' })).toEqual({
      body: {
        slug: 'spring-2027',
        startsAt: '2027-03-01T09:00:00.000Z',
        endsAt: '2027-03-21T18:00:00.000Z',
        reserve: 15_050,
        increment: 1_000,
        axes: 1000,
        featured: [1, 7],
        extensionWindowSeconds: 300,
        extensionSeconds: 300,
      },
    });
  });

  it('names what is wrong', () => {
    expect(batchBody({ ...typed, startsAt: '' })).toEqual({ error: 'admin_auction_time_invalid' });
    expect(batchBody({ ...typed, reserve: '-5' })).toEqual({ error: 'admin_auction_amount_invalid' });
    expect(batchBody({ ...typed, axes: '1001' })).toEqual({ error: 'admin_auction_axes_invalid' });
    expect(batchBody({ ...typed, axes: '10', featured: '11' })).toEqual({ error: 'error_auction_featured_invalid' });
    expect(batchBody({ ...typed, window: 'x' })).toEqual({ error: 'admin_auction_minutes_invalid' });
  });

  it('shows an auction as the values it was typed with', () => {
    const values = auctionValues({
      slug: 'spring-2027',
      startsAt: '2027-03-01T09:00:00.000Z',
      endsAt: '2027-03-21T18:00:00.000Z',
      reserve: 15_050,
      increment: 1_000,
      axes: 40,
      featured: [1, 7],
      extensionWindowSeconds: 300,
      extensionSeconds: 600,
    } as never);
    expect(values).toMatchObject({
      startsAt: '2027-03-01T09:00',
      reserve: '150.50',
      increment: '10',
      featured: '1, 7',
      extension: '10',
    });
    expect(batchBody(values)).toMatchObject({ body: { reserve: 15_050, axes: 40, extensionSeconds: 600 } });
  });
});
