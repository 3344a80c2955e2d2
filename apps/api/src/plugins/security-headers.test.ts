import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';
import { describe, expect, it } from 'vitest';
import { newNonce, securityHeaders } from './security-headers.ts';

/** A response that keeps what is set on it. */
function recorder() {
  const headers = new Map<string, string>([['x-powered-by', 'x']]);
  const res = {
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  return { headers, res: res as unknown as ServerResponse };
}

const options = (nonce: string): HelmetOptions => ({
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { defaultSrc: ["'self'"], scriptSrc: ["'self'", `'nonce-${nonce}'`], frameAncestors: ["'none'"] },
  },
  crossOriginEmbedderPolicy: false,
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
});

describe('securityHeaders', () => {
  it('sets the headers helmet sets for that nonce, worked out once', () => {
    const apply = securityHeaders(options);
    for (const nonce of [newNonce(), newNonce()]) {
      const ours = recorder();
      apply(ours.res, nonce);
      const helmets = recorder();
      helmet(options(nonce))({} as IncomingMessage, helmets.res, () => {});
      expect(ours.headers).toEqual(helmets.headers);
      expect(ours.headers.get('content-security-policy')).toContain(`script-src 'self' 'nonce-${nonce}'`);
      expect(ours.headers.has('x-powered-by')).toBe(false);
    }
  });

  it('gives a new 16-byte nonce every time, past the end of its pool', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 600; i++) {
      const nonce = newNonce();
      expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
      seen.add(nonce);
    }
    expect(seen.size).toBe(600);
  });
});
