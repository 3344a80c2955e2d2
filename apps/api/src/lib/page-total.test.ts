import { describe, expect, it } from 'vitest';
import { pageWithTotal } from './page-total.ts';

describe('pageWithTotal', () => {
  const list = Array.from({ length: 23 }, (_, i) => i);
  const run = async (offset: number, limit: number) => {
    let counted = 0;
    const answer = await pageWithTotal(
      { offset, limit },
      async () => list.slice(offset, offset + limit),
      async () => {
        counted++;
        return list.length;
      },
    );
    return { ...answer, counted };
  };

  it('takes the total from a page that ends the list, without counting', async () => {
    expect(await run(20, 10)).toEqual({ rows: [20, 21, 22], total: 23, counted: 0 });
    expect(await run(0, 30)).toMatchObject({ total: 23, counted: 0 });
  });

  it('counts after a full page, and for an empty page past the first', async () => {
    expect(await run(0, 10)).toMatchObject({ total: 23, counted: 1 });
    expect(await run(13, 10)).toMatchObject({ rows: [13, 14, 15, 16, 17, 18, 19, 20, 21, 22], total: 23, counted: 1 });
    expect(await run(40, 10)).toEqual({ rows: [], total: 23, counted: 1 });
  });

  it('answers an empty list as 0 without counting', async () => {
    const answer = await pageWithTotal(
      { offset: 0, limit: 10 },
      async () => [],
      async () => {
        throw new Error('counted');
      },
    );
    expect(answer).toEqual({ rows: [], total: 0 });
  });
});
