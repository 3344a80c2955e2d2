import { describe, expect, it } from 'vitest';
import { formatIsoDate } from '../../lib/format.ts';
import { bikeColor } from '../bike/colors.ts';
import {
  chosenOptions,
  filterGroups,
  listSearchFrom,
  type OptionGroup,
  pageWindow,
  parsePage,
  parseStockQuery,
  stockSearch,
} from './query.ts';

const price = { amount: 0, currencyCode: 'EUR' };
const option = (id: string) => ({ id, nameKey: `option_${id.slice(12)}`, price, isDefault: false });
const GROUPS: OptionGroup[] = [
  {
    group: 'color',
    nameKey: 'option_group_color',
    options: ['red', 'white', 'grey'].map((s) => option(`varg_option_${s}`)),
  },
  { group: 'power', nameKey: 'option_group_power', options: ['60hp', '80hp'].map((s) => option(`varg_option_${s}`)) },
  { group: 'tires', nameKey: 'option_group_tires', options: [option('varg_option_tires_18_21')] },
  {
    group: 'rear_brake',
    nameKey: 'option_group_rear_brake',
    options: ['handbrake', 'foot_brake'].map((s) => option(`varg_option_${s}`)),
  },
];

describe('stock-bike list query', () => {
  it('reads model, filters (option slugs of the model only) and page from the URL', () => {
    const params = new URLSearchParams('model=varg-ex&power=80hp&color=red&color=gold&rearBrake=foot_brake&page=2');
    expect(parseStockQuery(params, GROUPS)).toEqual({
      model: 'varg-ex',
      filters: {
        color: ['varg_option_red'],
        power: ['varg_option_80hp'],
        rearBrake: ['varg_option_foot_brake'],
      },
      page: 2,
    });
  });

  it('falls back to the default model and page 1', () => {
    expect(parseStockQuery(new URLSearchParams('model=nope&page=-3'), GROUPS)).toEqual({
      model: 'varg',
      filters: {},
      page: 1,
    });
    expect(parsePage('abc')).toBe(1);
    expect(parsePage('99999')).toBe(1);
    expect(parsePage('1000')).toBe(1000);
  });

  it('offers only the filter groups, in display order, with their camelCase keys', () => {
    expect(filterGroups(GROUPS).map((g) => [g.group, g.key])).toEqual([
      ['color', 'color'],
      ['power', 'power'],
      ['rear_brake', 'rearBrake'],
    ]);
  });

  it('writes the query back without defaults, and round-trips', () => {
    const query = parseStockQuery(new URLSearchParams('model=varg-ex&power=80hp&page=3'), GROUPS);
    expect(stockSearch(query)).toBe('?model=varg-ex&power=80hp&page=3');
    expect(stockSearch({ model: 'varg', filters: {}, page: 1 })).toBe('');
    expect(parseStockQuery(new URLSearchParams(stockSearch(query)), GROUPS)).toEqual(query);
  });

  it('carries only the list parameters to the detail page and back', () => {
    expect(listSearchFrom(new URLSearchParams('model=varg-ex&color=red&utm_source=x&page=2'))).toBe(
      '?model=varg-ex&color=red&page=2',
    );
    expect(listSearchFrom(new URLSearchParams('foo=bar'))).toBe('');
  });

  it('pairs each group with the chosen option', () => {
    const lines = chosenOptions(['varg_option_80hp', 'varg_option_white'], GROUPS);
    expect(lines.map((l) => [l.group.group, l.option.id])).toEqual([
      ['color', 'varg_option_white'],
      ['power', 'varg_option_80hp'],
    ]);
  });

  it('links the first, last and nearby pages with gaps', () => {
    expect(pageWindow(1, 2)).toEqual([1, 2]);
    expect(pageWindow(1, 10)).toEqual([1, 2, 3, null, 10]);
    expect(pageWindow(6, 12)).toEqual([1, null, 4, 5, 6, 7, 8, null, 12]);
  });
});

describe('bike display helpers', () => {
  it('paints the bike in its colour option, red by default', () => {
    expect(bikeColor(['varg_option_80hp', 'varg_option_grey'])).toBe('#71717a');
    expect(bikeColor(['varg_option_white'])).toBe('#f4f4f5');
    expect(bikeColor([])).toBe('#e11d2a');
  });

  it('formats an API date in the page language, the same day everywhere', () => {
    expect(formatIsoDate('2026-08-14', 'de-DE')).toBe('14. August 2026');
    expect(formatIsoDate('2026-08-14', 'en-US')).toBe('August 14, 2026');
    expect(formatIsoDate('not a date', 'en-US')).toBe('not a date');
  });
});
