import { describe, expect, it } from 'vitest';
import { useApi } from '../../../test/helper.ts';

// Decision 026: `/v1/dev/*` (the mailbox with every reset link, settling a sandbox payment, ending an axe) exists in the
// demo only. In production it is not mounted, so no address reaches it: not this machine, not a forged
// X-Forwarded-For: 127.0.0.1 through a trusted proxy, whatever DEV_MAILBOX says.

const DEV_CALLS = [
  ['GET', '/v1/dev/mailbox'],
  ['GET', '/v1/dev/mailbox?to=admin@demo.starkfuture.com'],
  ['POST', '/v1/dev/payments/00000000-0000-4000-8000-000000000001/settle'],
  ['POST', '/v1/dev/auction/end/7'],
] as const;

const FROM = [
  { remoteAddress: '127.0.0.1', headers: {} },
  { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '127.0.0.1' } },
  { remoteAddress: '203.0.113.7', headers: { 'x-forwarded-for': '127.0.0.1' } },
  { remoteAddress: '::1', headers: {} },
];

describe('dev routes in production', () => {
  for (const devMailbox of ['local', 'public'] as const) {
    // The document is opened to the test (production serves /docs only to its operators, decision 029).
    const production = useApi({ config: { demo: false, devMailbox, ops: { public: true } } });
    it(`answer 404 from every address (DEV_MAILBOX ${devMailbox})`, async () => {
      for (const [method, url] of DEV_CALLS)
        for (const from of FROM) {
          const res = await production.app.inject({
            method,
            url,
            ...from,
            ...(method === 'POST' ? { payload: { outcome: 'succeeded' } } : {}),
          });
          expect(res.statusCode, `${method} ${url} from ${JSON.stringify(from)}`).toBe(404);
          expect(res.body).not.toContain('reset-password');
        }
      // Not described either.
      const doc = (await production.app.inject('/docs/json')).json();
      expect(Object.keys(doc.paths).filter((p) => p.startsWith('/v1/dev/'))).toEqual([]);
    });
  }
});

describe('dev routes in the demo', () => {
  const demo = useApi({ config: { demo: true, devMailbox: 'local' } });
  it('serve the mailbox on this machine only, as before', async () => {
    expect((await demo.app.inject({ url: '/v1/dev/mailbox', remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
    expect((await demo.app.inject({ url: '/v1/dev/mailbox', remoteAddress: '203.0.113.7' })).statusCode).toBe(404);
  });
});
