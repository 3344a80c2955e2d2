import { describe, expect, it } from 'vitest';
import { pageInfo } from './pagination.ts';

describe('pageInfo', () => {
  it('describes the page in both spellings the spec uses', () => {
    expect(pageInfo(2, 10, 25)).toEqual({
      totalDocs: 25,
      limit: 10,
      page: 2,
      totalPages: 3,
      hasNextPage: true,
      hasPrevPage: true,
      hasPreviousPage: true,
      nextPage: 3,
      prevPage: 1,
    });
  });
  it('has one page even when the list is empty', () => {
    expect(pageInfo(1, 10, 0)).toMatchObject({
      totalPages: 1,
      hasNextPage: false,
      hasPrevPage: false,
      nextPage: null,
      prevPage: null,
    });
  });
});
