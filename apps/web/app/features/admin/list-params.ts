/**
 * The back office's lists keep their state in the address (decision 040): `q`, `sort`, `dir`, `page`, `pageSize` and
 * each list's own filters, so a list can be bookmarked, shared, reloaded and walked with the browser's back button.
 */
export interface ListParams {
  q?: string;
  sort?: string;
  dir: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

const positive = (value: string | null, fallback: number, max: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, max) : fallback;
};

/**
 * The list query of a page's address, with the named filters (only those set, trimmed). Values the API would refuse
 * (a page of "x") fall back to the defaults here, so a hand-edited address shows the list instead of an error.
 */
export function listParams<F extends string>(
  url: URL,
  filters: readonly F[] = [],
): ListParams & Partial<Record<F, string>> {
  const get = (name: string) => url.searchParams.get(name)?.trim() || undefined;
  const params: ListParams & Partial<Record<F, string>> = {
    dir: get('dir') === 'asc' ? 'asc' : 'desc',
    page: positive(url.searchParams.get('page'), 1, 100_000),
    pageSize: positive(url.searchParams.get('pageSize'), 50, 500),
  } as ListParams & Partial<Record<F, string>>;
  const q = get('q');
  if (q) params.q = q.slice(0, 100);
  const sort = get('sort');
  if (sort) params.sort = sort;
  for (const name of filters) {
    const value = get(name);
    if (value) (params as Record<string, unknown>)[name] = value;
  }
  return params;
}

/** The current query with some parameters changed (null removes one); a new search or filter starts at page 1. */
export function withParams(search: URLSearchParams | string, changes: Record<string, string | number | null>): string {
  const next = new URLSearchParams(search);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null || value === '') next.delete(name);
    else next.set(name, String(value));
  }
  const query = next.toString();
  return query ? `?${query}` : '?';
}
