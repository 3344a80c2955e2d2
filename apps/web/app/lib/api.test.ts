import { describe, expect, it } from 'vitest';
import { type ApiTransport, createApiClient } from './api.ts';

// The page server's API client keeps public answers for their max-age (so a page render does not ask for the
// country list each time), and never more than its bound in bytes (issue 19: caches bounded by size, not only time).

function fakeApi(bodyBytes: number, cacheControl = 'public, max-age=60') {
  const asked: string[] = [];
  const transport: ApiTransport = {
    async request({ path }) {
      asked.push(path);
      return {
        status: 200,
        headers: { 'cache-control': cacheControl },
        body: JSON.stringify({ path, pad: 'x'.repeat(Math.max(0, bodyBytes - path.length - 20)) }),
      };
    },
  };
  return { transport, asked };
}

describe('the API client’s cache of public answers', () => {
  it('answers again from memory within max-age, asks again after it, and never caches a signed-in call', async () => {
    let clock = 0;
    const { transport, asked } = fakeApi(200);
    const api = createApiClient(transport, () => clock);
    await api.get('/v1/markets');
    await api.get('/v1/markets');
    expect(asked).toEqual(['/v1/markets']);
    clock = 60_001;
    await api.get('/v1/markets');
    expect(asked).toHaveLength(2);
    await api.get('/v1/user', { token: 't' });
    await api.get('/v1/user', { token: 't' });
    expect(asked.filter((p) => p === '/v1/user')).toHaveLength(2);
  });

  it('when a public answer expires, renders asking for it at once share one call; others are never shared', async () => {
    let clock = 0;
    const asked: string[] = [];
    let release: () => void = () => {};
    const transport: ApiTransport = {
      async request({ path }) {
        asked.push(path);
        if (path === '/v1/markets' && asked.length > 1) await new Promise<void>((r) => (release = r));
        const isPublic = path === '/v1/markets';
        return {
          status: 200,
          headers: { 'cache-control': isPublic ? 'public, max-age=60' : 'private, no-store' },
          body: JSON.stringify({ path, n: asked.length }),
        };
      },
    };
    const api = createApiClient(transport, () => clock);
    await api.get('/v1/markets');
    clock = 60_001;
    const together = Array.from({ length: 20 }, () => api.get<{ n: number }>('/v1/markets'));
    await new Promise((r) => setTimeout(r, 0));
    release();
    const answers = await Promise.all(together);
    expect(asked).toEqual(['/v1/markets', '/v1/markets']);
    expect(new Set(answers.map((a) => a.n))).toEqual(new Set([2]));
    // An answer that was never public (a visitor's cart) is asked for by each caller.
    await Promise.all([api.get('/v1/cart?cartId=a'), api.get('/v1/cart?cartId=a'), api.get('/v1/cart?cartId=a')]);
    expect(asked.filter((p) => p.startsWith('/v1/cart'))).toHaveLength(3);
  });

  it('keeps nothing an answer says is private or not to be kept', async () => {
    const { transport, asked } = fakeApi(200, 'private, max-age=60');
    const api = createApiClient(transport);
    await api.get('/v1/cart');
    await api.get('/v1/cart');
    expect(asked).toHaveLength(2);
  });

  it('holds at most its bound: ever-new query strings push out the oldest answers, the newest stay', async () => {
    const { transport, asked } = fakeApi(300);
    const api = createApiClient(transport, Date.now, 1_000);
    for (let i = 0; i < 50; i++) await api.get(`/v1/technical-documents?q=${i}`);
    asked.length = 0;
    await api.get('/v1/technical-documents?q=49');
    await api.get('/v1/technical-documents?q=48');
    expect(asked).toEqual([]);
    await api.get('/v1/technical-documents?q=0');
    expect(asked).toEqual(['/v1/technical-documents?q=0']);
    // An answer larger than the whole bound is served, not kept.
    const big = fakeApi(5_000);
    const small = createApiClient(big.transport, Date.now, 1_000);
    await small.get('/v1/big');
    await small.get('/v1/big');
    expect(big.asked).toHaveLength(2);
  });
});
