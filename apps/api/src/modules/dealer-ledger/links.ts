import { createHmac, timingSafeEqual } from 'node:crypto';

// Signed links to a ledger entry's PDF: `GET dealer-ledger/invoice/link/{id}` answers a URL that opens without a
// Bearer token for 10 minutes (as the orders' invoice links do, decision 014), with a key of its own purpose.

export const LEDGER_LINK_TTL_S = 10 * 60;

export function ledgerLinks(signingKey: Uint8Array, now: () => number = Date.now) {
  const key = createHmac('sha256', signingKey).update('dealer-ledger-download').digest();
  const mac = (id: string, expires: number) => createHmac('sha256', key).update(`${id}.${expires}`).digest('base64url');
  return {
    sign(id: string): { token: string; expiresAt: Date } {
      const expires = Math.floor(now() / 1000) + LEDGER_LINK_TTL_S;
      return { token: `${expires}.${mac(id, expires)}`, expiresAt: new Date(expires * 1000) };
    },
    verify(id: string, token: string): boolean {
      const m = /^(\d{1,12})\.([\w-]{43})$/.exec(token);
      if (!m) return false;
      const expires = Number(m[1]);
      if (expires * 1000 < now()) return false;
      const given = Buffer.from(m[2] ?? '');
      const expected = Buffer.from(mac(id, expires));
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
export type LedgerLinks = ReturnType<typeof ledgerLinks>;
