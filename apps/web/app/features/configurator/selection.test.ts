import type { ComponentGroup } from '@varg/contracts';
import { describe, expect, it } from 'vitest';
import {
  choiceFromIds,
  choiceFromQuery,
  conflictsOf,
  defaultChoice,
  editedLine,
  editQuery,
  queryOf,
  resolve,
} from './selection.ts';

const price = { amount: 0, currencyCode: 'EUR' };
const option = (id: string, isDefault = false, rules: { requires?: string[]; excludes?: string[] } = {}) => ({
  id: `varg_option_${id}`,
  name: `varg_option_${id}`,
  nameKey: `option_${id}`,
  price,
  isDefault,
  requires: (rules.requires ?? []).map((r) => `varg_option_${r}`),
  excludes: (rules.excludes ?? []).map((r) => `varg_option_${r}`),
  image: null,
});
const groups: ComponentGroup[] = [
  { group: 'color', nameKey: 'option_group_color', options: [option('red', true), option('white')] },
  { group: 'power', nameKey: 'option_group_power', options: [option('60hp', true), option('80hp')] },
  {
    group: 'rear_wheel_size',
    nameKey: 'option_group_rear_wheel_size',
    options: [option('mx19', true), option('enduro18', false, { requires: ['tires_18_21'] })],
  },
  {
    group: 'tires',
    nameKey: 'option_group_tires',
    options: [option('tires_18_21', true), option('tires_19_21', false, { excludes: ['mousse'] })],
  },
  { group: 'tubes', nameKey: 'option_group_tubes', options: [option('tubeless', true), option('mousse')] },
];

describe('the configuration in the URL', () => {
  it('writes only the groups that differ from the default, with camelCase group names and option slugs', () => {
    const choice = { ...defaultChoice(groups), power: 'varg_option_80hp', rear_wheel_size: 'varg_option_enduro18' };
    const query = queryOf(groups, choice);
    expect(query).toBe('power=80hp&rearWheelSize=enduro18');
    expect(queryOf(groups, defaultChoice(groups))).toBe('');
  });

  it('reads the same choice back from a shared link, whatever the order of the parameters', () => {
    const { choice, ignored } = choiceFromQuery(groups, new URLSearchParams('rearWheelSize=enduro18&power=80hp'));
    expect(choice).toEqual({
      color: 'varg_option_red',
      power: 'varg_option_80hp',
      rear_wheel_size: 'varg_option_enduro18',
      tires: 'varg_option_tires_18_21',
      tubes: 'varg_option_tubeless',
    });
    expect(ignored).toEqual([]);
    expect(choiceFromIds(groups, Object.values(choice))).toEqual(choice);
  });

  it('keeps the default, and says so, for a value the model does not offer', () => {
    const { choice, ignored } = choiceFromQuery(groups, new URLSearchParams('power=120hp&color=white'));
    expect(choice.power).toBe('varg_option_60hp');
    expect(choice.color).toBe('varg_option_white');
    expect(ignored).toEqual(['power']);
  });
});

describe('conflicts and their fixes', () => {
  it('finds a missing required option and fixes it by choosing that option, not by undoing the buyer’s choice', () => {
    const choice = {
      ...defaultChoice(groups),
      rear_wheel_size: 'varg_option_enduro18',
      tires: 'varg_option_tires_19_21',
    };
    const [conflict] = conflictsOf(groups, choice);
    expect(conflict).toEqual({
      optionId: 'varg_option_enduro18',
      kind: 'requires',
      otherOptionId: 'varg_option_tires_18_21',
    });
    const fixed = resolve(groups, choice, conflict as NonNullable<typeof conflict>);
    expect(fixed?.rear_wheel_size).toBe('varg_option_enduro18');
    expect(fixed?.tires).toBe('varg_option_tires_18_21');
    expect(conflictsOf(groups, fixed ?? {})).toEqual([]);
  });

  it('fixes an excluded pair by moving the other option to an allowed one', () => {
    const choice = { ...defaultChoice(groups), tires: 'varg_option_tires_19_21', tubes: 'varg_option_mousse' };
    const [conflict] = conflictsOf(groups, choice);
    expect(conflict?.kind).toBe('excludes');
    const fixed = resolve(groups, choice, conflict as NonNullable<typeof conflict>);
    expect(fixed).toMatchObject({ tires: 'varg_option_tires_19_21', tubes: 'varg_option_tubeless' });
  });
});

describe('builder edit mode in the URL', () => {
  const line = '3d5190cf-705a-432b-92e3-dce44d6b6e31';
  it('reads ?edit=cart&line=<id> and keeps it across changes of the choice', () => {
    const params = new URLSearchParams(`power=80hp&edit=cart&line=${line}`);
    expect(editedLine(params)).toEqual({ type: 'cart', line });
    expect(editQuery(params)).toBe(`edit=cart&line=${line}`);
    // The choice ignores the edit parameters.
    expect(choiceFromQuery(groups, params).ignored).toEqual([]);
  });

  it('reads ?edit=order&order=<id>&line=<id> (a dealer editing an order line) and keeps both ids', () => {
    const order = 'f0a1e000-0000-4000-8000-000000000101';
    const params = new URLSearchParams(`color=white&edit=order&order=${order}&line=${line}`);
    expect(editedLine(params)).toEqual({ type: 'order', order, line });
    expect(editQuery(params)).toBe(`edit=order&order=${order}&line=${line}`);
    expect(choiceFromQuery(groups, params).ignored).toEqual([]);
  });

  it('is off without its parameters, for another type or a malformed id', () => {
    const bad = ['edit=cart', `line=${line}`, `edit=order&line=${line}`, `edit=order&order=x&line=${line}`];
    for (const query of [...bad, `edit=other&line=${line}`, 'edit=cart&line=x', '']) {
      expect(editedLine(new URLSearchParams(query)), query).toBeNull();
      expect(editQuery(new URLSearchParams(query))).toBe('');
    }
  });
});
