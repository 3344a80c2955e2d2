import { createHmac, timingSafeEqual } from 'node:crypto';

// Links that work without a sign-in for a while (an invoice opened in a new tab, an unpaid order's pay link): they name
// what they open and an expiry, signed with a key derived from the token signing key for one purpose only.

export function signedLinks(signingKey: Uint8Array, purpose: string, ttlS: number, now: () => number = Date.now) {
  const key = createHmac('sha256', signingKey).update(purpose).digest();
  const mac = (subject: string, expires: number) =>
    createHmac('sha256', key).update(`${subject}.${expires}`).digest('base64url');
  return {
    ttlS,
    /** `<expiry in unix seconds>.<signature>` for the subject. */
    sign(subject: string): { token: string; expiresAt: Date } {
      const expires = Math.floor(now() / 1000) + ttlS;
      return { token: `${expires}.${mac(subject, expires)}`, expiresAt: new Date(expires * 1000) };
    },
    /** When the link was signed, if the token is the subject's and has not expired; null otherwise. */
    verify(subject: string, token: string): { issuedAt: Date } | null {
      const m = /^(\d{1,12})\.([\w-]{43})$/.exec(token);
      if (!m) return null;
      const expires = Number(m[1]);
      if (expires * 1000 < now()) return null;
      const given = Buffer.from(m[2] ?? '');
      const expected = Buffer.from(mac(subject, expires));
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      return { issuedAt: new Date((expires - ttlS) * 1000) };
    },
  };
}
export type SignedLinks = ReturnType<typeof signedLinks>;
