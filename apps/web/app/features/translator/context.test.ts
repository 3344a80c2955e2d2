import { describe, expect, it } from 'vitest';
import { contextFor, countsFor, pluralForm } from './context.ts';

describe('translator context', () => {
  const messages = { auction_bids_count_one: '{{count}} bid', auction_bids_count_other: '{{count}} bids', x: 'X' };

  it('describes an ambiguous key, and a plural form by its message', () => {
    expect(contextFor('payment_kind_deposit', messages)).toMatch(/reserve/);
    expect(contextFor('payment_kind_down_payment', messages)).toMatch(/financed/);
    expect(contextFor('auction_bids_count_one', messages)).toMatch(/bids/);
    expect(contextFor('x', messages)).toBeNull();
  });

  it('names the plural category of a key and the counts that use it', () => {
    expect(pluralForm('auction_bids_count_few', messages)).toEqual(['auction_bids_count', 'few']);
    expect(pluralForm('whistle_category_other', messages)).toBeNull();
    expect(countsFor('pl-PL', 'few')).toEqual([2, 3, 4, 22, 23, 24]);
    expect(countsFor('pl-PL', 'many')).toEqual([0, 5, 6, 7, 8, 9]);
    expect(countsFor('fr-FR', 'one')).toEqual([0, 1]);
  });
});
