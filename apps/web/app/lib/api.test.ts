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
