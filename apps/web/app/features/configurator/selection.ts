// The configurator's choice: one option per group, written into the URL so a shared link restores the same bike.
// `?power=80hp&rearWheelSize=enduro18` — the camelCase group name (spec section 3) and the option's name without
// its `varg_option_` marker; groups left at their default are left out of the URL.
import type { ComponentGroup } from '@varg/contracts';
import {
  BIKE_OPTION_MARKER,
  bikeOptionSlug,
  type Conflict,
  configurationConflicts,
  groupKey,
  isUuid,
  type OptionRule,
} from '@varg/domain';

/** Group id (snake_case, as the API names it) → chosen option id. */
export type Choice = Record<string, string>;

/** The models with a configurator (spec section 1), in the order they are offered. */
export const CONFIGURABLE_MODELS = ['varg', 'varg-ex'] as const;
export type ConfigurableModel = (typeof CONFIGURABLE_MODELS)[number];

export function isConfigurableModel(model: string | undefined): model is ConfigurableModel {
  return (CONFIGURABLE_MODELS as readonly string[]).includes(model ?? '');
}

export function defaultChoice(groups: readonly ComponentGroup[]): Choice {
  const choice: Choice = {};
  for (const g of groups) {
    const option = g.options.find((o) => o.isDefault) ?? g.options[0];
    if (option) choice[g.group] = option.id;
  }
  return choice;
}

/**
 * Reads the choice from the URL. A value the model does not offer keeps that group's default and is reported, so
 * the page can say so instead of silently showing another bike.
 */
export function choiceFromQuery(
  groups: readonly ComponentGroup[],
  params: URLSearchParams,
): { choice: Choice; ignored: string[] } {
  const choice = defaultChoice(groups);
  const ignored: string[] = [];
  for (const g of groups) {
    const value = params.get(groupKey(g.group));
    if (value === null || value === '') continue;
    const option = g.options.find((o) => o.id === `${BIKE_OPTION_MARKER}${value}`);
    if (option) choice[g.group] = option.id;
    else ignored.push(g.group);
  }
  return { choice, ignored };
}

/** The choice of a list of option ids (a configuration restored by its hash). */
export function choiceFromIds(groups: readonly ComponentGroup[], ids: readonly string[]): Choice {
  const choice = defaultChoice(groups);
  for (const g of groups) {
    const option = g.options.find((o) => ids.includes(o.id));
    if (option) choice[g.group] = option.id;
  }
  return choice;
}

/** The URL query of a choice: only the groups that differ from their default, in group order. */
export function queryOf(groups: readonly ComponentGroup[], choice: Choice): string {
  const defaults = defaultChoice(groups);
  const params = new URLSearchParams();
  for (const g of groups) {
    const id = choice[g.group];
    if (id && id !== defaults[g.group]) params.set(groupKey(g.group), bikeOptionSlug(id));
  }
  return params.toString();
}

export function chosenIds(choice: Choice): string[] {
  return Object.values(choice).sort();
}

/** Every compatibility rule the API lists with the options. */
export function rulesOf(groups: readonly ComponentGroup[]): OptionRule[] {
  return groups.flatMap((g) =>
    g.options.flatMap((o) => [
      ...o.requires.map((other) => ({ optionId: o.id, kind: 'requires' as const, otherOptionId: other })),
      ...o.excludes.map((other) => ({ optionId: o.id, kind: 'excludes' as const, otherOptionId: other })),
    ]),
  );
}

export function conflictsOf(groups: readonly ComponentGroup[], choice: Choice): Conflict[] {
  return configurationConflicts(rulesOf(groups), Object.values(choice));
}

function groupOf(groups: readonly ComponentGroup[], optionId: string): ComponentGroup | undefined {
  return groups.find((g) => g.options.some((o) => o.id === optionId));
}

/**
 * The choice with one conflict resolved by changing the other option, never the one the buyer just picked:
 * a required option is chosen in its group; an excluded one gives way to its group's first option that is allowed.
 * Null when the conflict cannot be resolved that way.
 */
export function resolve(groups: readonly ComponentGroup[], choice: Choice, conflict: Conflict): Choice | null {
  const group = groupOf(groups, conflict.otherOptionId);
  if (!group) return null;
  if (conflict.kind === 'requires') return { ...choice, [group.group]: conflict.otherOptionId };
  const allowed = [...group.options]
    .sort((a, b) => Number(b.isDefault) - Number(a.isDefault))
    .find((o) => o.id !== conflict.otherOptionId);
  return allowed ? { ...choice, [group.group]: allowed.id } : null;
}

/** A line the configurator edits: a cart's, or an order's (a dealer's, decision 050). */
export type EditedLine = { type: 'cart'; line: string } | { type: 'order'; order: string; line: string };

/**
 * Builder edit mode (spec section 4; docs/decisions/011-configurator.md, 050-builder-edit-orders.md):
 * `?edit=cart&line=<cart line id>` edits a line of the cart, `?edit=order&order=<order id>&line=<order line id>` a line
 * of an order. Null outside it (or for a malformed id).
 */
export function editedLine(params: URLSearchParams): EditedLine | null {
  const line = params.get('line');
  if (!line || !isUuid(line)) return null;
  if (params.get('edit') === 'cart') return { type: 'cart', line };
  const order = params.get('order');
  return params.get('edit') === 'order' && order && isUuid(order) ? { type: 'order', order, line } : null;
}

/** The edit-mode part of a configurator URL's query (kept across every change of the choice), or ''. */
export function editQuery(params: URLSearchParams): string {
  const edit = editedLine(params);
  if (!edit) return '';
  const { type, line } = edit;
  return new URLSearchParams(
    edit.type === 'order' ? { edit: type, order: edit.order, line } : { edit: type, line },
  ).toString();
}
