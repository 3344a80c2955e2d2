import { type AnyColumn, asc, desc, type SQL, sql } from 'drizzle-orm';

/** `%text%` for ILIKE with the pattern characters of the search escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The ORDER BY of a back-office list: the asked column (by its name in `columns`) or the default, then the id. */
export function orderOf<K extends string>(
  columns: Record<K, AnyColumn | SQL>,
  query: { sort?: K; dir: 'asc' | 'desc' },
  fallback: K,
  tieBreaker: AnyColumn,
): SQL[] {
  const by = query.dir === 'asc' ? asc : desc;
  return [by(columns[query.sort ?? fallback]), by(tieBreaker)];
}

/** LIMIT/OFFSET of a page. */
export function windowOf(query: { page: number; pageSize: number }) {
  return { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
}

/** `count(*)` as a number, for a list's total. */
export const countAll = sql<number>`cast(count(*) as int)`;

/** The administrator making a back-office change and where from, for its audit entry (after the admin guard). */
export function adminActor(request: { auth: { userId: string } | null; ip: string }): { userId: string; ip: string } {
  if (!request.auth) throw new Error('adminActor before the admin guard');
  return { userId: request.auth.userId, ip: request.ip };
}
