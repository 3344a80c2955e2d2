import { signedLinks } from '../../lib/signed-link.ts';

// Signed links to a ledger entry's PDF: `GET dealer-ledger/invoice/link/{id}` answers a URL that opens without a
// Bearer token for 10 minutes (as the orders' invoice links do, decision 014), with a key of its own purpose.

export const LEDGER_LINK_TTL_S = 10 * 60;

export function ledgerLinks(signingKey: Uint8Array, now: () => number = Date.now) {
  const links = signedLinks(signingKey, 'dealer-ledger-download', LEDGER_LINK_TTL_S, now);
  return {
    sign: (id: string) => links.sign(id),
    verify: (id: string, token: string): boolean => links.verify(id, token) !== null,
  };
}
export type LedgerLinks = ReturnType<typeof ledgerLinks>;
