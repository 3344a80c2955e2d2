// The stock-bike list's state in the URL (shareable, and a plain GET form without JavaScript):
//   ?model=varg-ex&power=80hp&color=red&color=white&page=2
// Filter parameters are the API's camelCase filter keys; values are option slugs (`80hp` for `varg_option_80hp`).
import { bikeOptionSlug } from '@varg/domain';

/** The list page's path, after the locale segment. */
export const STOCK_LIST_PATH = '/varg/stock-bikes';

/** The stock models and their names' catalog keys; the first is the default. */
export const STOCK_MODELS = [
  { id: 'varg', nameKey: 'model_varg_name' },
  { id: 'varg-ex', nameKey: 'model_varg_ex_name' },
] as const;
export type StockModel = (typeof STOCK_MODELS)[number]['id'];

/** The groups a buyer filters on (spec section 3), in display order: API group id → filter key. */
export const FILTER_GROUPS = [
  ['color', 'color'],
  ['power', 'power'],
  ['rear_brake', 'rearBrake'],
  ['suspension', 'suspension'],
  ['rear_wheel_size', 'rearWheelSize'],
  ['side_stand', 'sideStand'],
] as const;
export type FilterKey = (typeof FILTER_GROUPS)[number][1];
export type StockFilters = Partial<Record<FilterKey, string[]>>;

/** Spec section 9: the configurator's stock list starts at page 1, 10 a page. */
export const STOCK_PAGE_SIZE = 10;
const MAX_PAGE = 1000;

export interface OptionGroup {
  group: string;
  nameKey: string;
  options: Array<{ id: string; nameKey: string; price: { amount: number; currencyCode: string }; isDefault: boolean }>;
}

export interface StockQuery {
  model: StockModel;
  /** Only options the model offers, as option ids; groups without a choice are left out. */
  filters: StockFilters;
  page: number;
  /** A dealer's own store's stock only (`stock=mine`). */
  mine?: boolean;
}

export function parseModel(value: string | null): StockModel {
  return STOCK_MODELS.find((m) => m.id === value)?.id ?? STOCK_MODELS[0].id;
}

export function parsePage(value: string | null): number {
  if (!value || !/^\d{1,4}$/.test(value)) return 1;
  return Math.min(MAX_PAGE, Math.max(1, Number(value)));
}

/** The filter groups the model has, in display order, each with its filter key. */
export function filterGroups(groups: readonly OptionGroup[]): Array<OptionGroup & { key: FilterKey }> {
  return FILTER_GROUPS.flatMap(([id, key]) => {
    const group = groups.find((g) => g.group === id);
    return group ? [{ ...group, key }] : [];
  });
}

/** Reads the list's state from the URL; unknown models, options and pages fall back rather than fail. */
export function parseStockQuery(params: URLSearchParams, groups: readonly OptionGroup[]): StockQuery {
  const filters: StockFilters = {};
  for (const group of filterGroups(groups)) {
    const wanted = new Set(params.getAll(group.key));
    const ids = group.options.filter((o) => wanted.has(bikeOptionSlug(o.id))).map((o) => o.id);
    if (ids.length) filters[group.key] = ids;
  }
  return {
    model: parseModel(params.get('model')),
    filters,
    page: parsePage(params.get('page')),
    ...(params.get('stock') === 'mine' ? { mine: true } : {}),
  };
}

export function hasFilters(filters: StockFilters): boolean {
  return Object.values(filters).some((ids) => ids && ids.length > 0);
}

/** The query string of a list state (`?model=varg-ex&power=80hp`), with the default model and page 1 left out. */
export function stockSearch(query: {
  model: StockModel;
  filters?: StockFilters;
  page?: number;
  mine?: boolean;
}): string {
  const params = new URLSearchParams();
  if (query.model !== STOCK_MODELS[0].id) params.set('model', query.model);
  if (query.mine) params.set('stock', 'mine');
  for (const [, key] of FILTER_GROUPS) {
    for (const id of query.filters?.[key] ?? []) params.append(key, bikeOptionSlug(id));
  }
  if (query.page && query.page > 1) params.set('page', String(query.page));
  const search = params.toString();
  return search ? `?${search}` : '';
}

/** The list's query string carried to a detail page and back: only the parameters the list itself reads. */
export function listSearchFrom(params: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const [name, value] of params) {
    if (name === 'model' || name === 'page' || name === 'stock' || FILTER_GROUPS.some(([, key]) => key === name)) {
      if (value.length <= 64) kept.append(name, value);
    }
  }
  const search = kept.toString();
  return search ? `?${search}` : '';
}

/** Each group of a configuration with the option chosen in it, in the groups' order. */
export function chosenOptions<G extends OptionGroup>(
  componentIds: readonly string[],
  groups: readonly G[],
): Array<{ group: G; option: G['options'][number] }> {
  const ids = new Set(componentIds);
  return groups.flatMap((group) => {
    const option = group.options.find((o) => ids.has(o.id));
    return option ? [{ group, option }] : [];
  });
}

/** The page numbers to link: the first, the last and two around the current one, with gaps (`null`) between. */
export function pageWindow(page: number, totalPages: number): Array<number | null> {
  const shown = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, totalPages])]
    .filter((n) => n >= 1 && n <= totalPages)
    .sort((a, b) => a - b);
  return shown.flatMap((n, i) => (i > 0 && n - (shown[i - 1] as number) > 1 ? [null, n] : [n]));
}
