import { randomFillSync } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet, { type HelmetOptions } from 'helmet';

/** Stands for the nonce while the headers are worked out once: as long as a nonce (base64 of 16 bytes), no base64. */
const PLACEHOLDER = '~'.repeat(24);

export type ApplyHeaders = (res: ServerResponse, nonce: string) => void;

/**
 * Helmet's headers worked out once (issue 19 item 2): `@fastify/helmet` built a whole new helmet from its options on
 * every request (parsing and validating the CSP directives again), and helmet joins the directives per response.
 * Here helmet runs once against a recording response, with a placeholder where the nonce goes; each response then
 * gets the same headers, the CSP with its own nonce in the placeholder's place.
 */
export function securityHeaders(options: (nonce: string) => HelmetOptions): ApplyHeaders {
  const set: Array<{ name: string; parts: string[] }> = [];
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: string) => set.push({ name, parts: String(value).split(PLACEHOLDER) }),
    removeHeader: (name: string) => removed.push(name),
  };
  helmet(options(PLACEHOLDER))({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return (res, nonce) => {
    for (const name of removed) res.removeHeader(name);
    for (const { name, parts } of set)
      res.setHeader(name, parts.length === 1 ? (parts[0] as string) : parts.join(nonce));
  };
}

const NONCE_BYTES = 16;
const pool = Buffer.alloc(NONCE_BYTES * 256);
let used = pool.length;

/**
 * A CSP nonce: 16 random bytes in base64, as `randomBytes(16)` gave, taken from a pool the CSPRNG fills 256 nonces at a
 * time instead of one call into it per response. Each nonce is used once.
 */
export function newNonce(): string {
  if (used === pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  used += NONCE_BYTES;
  return pool.toString('base64', used - NONCE_BYTES, used);
}
