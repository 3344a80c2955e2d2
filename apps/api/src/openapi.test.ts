import { describe, expect, it } from 'vitest';
import { useApi } from '../test/helper.ts';

const ctx = useApi();

describe('the OpenAPI document (/docs/json)', () => {
  it('describes every operation, and declares every tag it uses', async () => {
    const res = await ctx.app.inject('/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json() as {
      tags: Array<{ name: string; description: string }>;
      paths: Record<string, Record<string, { tags?: string[]; summary?: string; description?: string }>>;
    };
    const declared = new Set(doc.tags.map((t) => t.name));
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ at: `${method.toUpperCase()} ${path}`, op })),
    );
    expect(operations.length).toBeGreaterThan(150);
    const undeclared = operations.flatMap(({ at, op }) =>
      (op.tags ?? []).filter((t) => !declared.has(t)).map((t) => `${at}: ${t}`),
    );
    expect(undeclared).toEqual([]);
    const untagged = operations.filter(({ op }) => !op.tags?.length).map(({ at }) => at);
    expect(untagged).toEqual([]);
    const undescribed = operations.filter(({ op }) => !op.summary && !op.description).map(({ at }) => at);
    expect(undescribed).toEqual([]);
    for (const tag of doc.tags) expect(tag.description, tag.name).toBeTruthy();
  });
});
