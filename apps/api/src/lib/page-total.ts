/**
 * A page of a list and the list's total. The rows are read first: when they end the list (fewer than a full page, and
 * some rows or the first page) the total is the rows before them plus these, and the count is not asked; only a full
 * page, or an empty page past the first, counts. The lists every signed-in page render reads (a customer's orders, a
 * dealer's leads) are mostly one short page, so this is one query fewer per render (decision 069).
 */
export async function pageWithTotal<T>(
  page: { offset: number; limit: number },
  rows: () => Promise<T[]>,
  count: () => Promise<number>,
): Promise<{ rows: T[]; total: number }> {
  const found = await rows();
  if (found.length < page.limit && (found.length > 0 || page.offset === 0)) {
    return { rows: found, total: page.offset + found.length };
  }
  return { rows: found, total: await count() };
}
