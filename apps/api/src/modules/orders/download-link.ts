import { createHmac, timingSafeEqual } from 'node:crypto';

// Signed invoice links: `GET order/document/{id}` answers a URL that opens in a new tab, where no Bearer token is sent
// (spec section 7). The link names the order and an expiry, signed with a key derived from the token signing key.

export const DOWNLOAD_LINK_TTL_S = 10 * 60;

export function downloadLinks(signingKey: Uint8Array, now: () => number = Date.now) {
  const key = createHmac('sha256', signingKey).update('order-invoice-download').digest();
  const mac = (orderId: string, expires: number) =>
    createHmac('sha256', key).update(`${orderId}.${expires}`).digest('base64url');
  return {
    /** `<expiry in unix seconds>.<signature>` for the order. */
    sign(orderId: string): { token: string; expiresAt: Date } {
      const expires = Math.floor(now() / 1000) + DOWNLOAD_LINK_TTL_S;
      return { token: `${expires}.${mac(orderId, expires)}`, expiresAt: new Date(expires * 1000) };
    },
    verify(orderId: string, token: string): boolean {
      const m = /^(\d{1,12})\.([\w-]{43})$/.exec(token);
      if (!m) return false;
      const expires = Number(m[1]);
      if (expires * 1000 < now()) return false;
      const given = Buffer.from(m[2] ?? '');
      const expected = Buffer.from(mac(orderId, expires));
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
export type DownloadLinks = ReturnType<typeof downloadLinks>;
