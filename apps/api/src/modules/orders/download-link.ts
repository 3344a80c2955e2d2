import { signedLinks } from '../../lib/signed-link.ts';

// Signed invoice links: `GET order/document/{id}` answers a URL that opens in a new tab, where no Bearer token is sent
// (spec section 7). The link names the order and an expiry, signed with a key derived from the token signing key.

export const DOWNLOAD_LINK_TTL_S = 10 * 60;

export function downloadLinks(signingKey: Uint8Array, now: () => number = Date.now) {
  const links = signedLinks(signingKey, 'order-invoice-download', DOWNLOAD_LINK_TTL_S, now);
  return {
    /** `<expiry in unix seconds>.<signature>` for the order. */
    sign: (orderId: string) => links.sign(orderId),
    verify: (orderId: string, token: string): boolean => links.verify(orderId, token) !== null,
  };
}
export type DownloadLinks = ReturnType<typeof downloadLinks>;
