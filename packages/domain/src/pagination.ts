/** The page fields of a paginated list (spec sections 3 and 7); both spellings of "previous" the spec uses. */
export function pageInfo(page: number, limit: number, totalDocs: number) {
  const totalPages = Math.max(1, Math.ceil(totalDocs / limit));
  const hasNextPage = page < totalPages;
  const hasPrevPage = page > 1;
  return {
    totalDocs,
    limit,
    page,
    totalPages,
    hasNextPage,
    hasPrevPage,
    hasPreviousPage: hasPrevPage,
    nextPage: hasNextPage ? page + 1 : null,
    prevPage: hasPrevPage ? page - 1 : null,
  };
}
