/**
 * Who is a dealer, and on which terms (decision 033): the one place that reads a dealer record's status and its
 * marketplace terms. Other modules get a `DealerDirectory`, never the dealers table or the identity repo.
 */

/** A dealer record's status once the application is approved (0: applied, 2: declined/suspended). */
export const APPROVED_DEALER = 1;

/** What the directory tells of a user's dealer record. */
export interface DealerRecord {
  id: string;
  status: number;
  maxDiscountBp: number;
  marketplace?: unknown;
}

/** A dealer's terms in the cart: its own margin over the list price and the deepest discount it may give. */
export interface DealerTerms {
  margin: number | null;
  maxDiscountBp: number;
}

/** Only an approved dealer sells, looks after orders, has leads and a ledger of its own. */
export function isApprovedDealer<T extends { status: number }>(dealer: T | null | undefined): dealer is T {
  return dealer?.status === APPROVED_DEALER;
}

/** The terms of an approved dealer (null for anybody else); a margin counts only as a positive number. */
export function dealerTerms(dealer: DealerRecord | null | undefined): DealerTerms | null {
  if (!isApprovedDealer(dealer)) return null;
  const margin = (dealer.marketplace as { margin?: unknown } | null | undefined)?.margin;
  return { margin: typeof margin === 'number' && margin > 0 ? margin : null, maxDiscountBp: dealer.maxDiscountBp };
}

export interface DealerDirectory {
  /** The user's dealer record in any status (null: not a dealer). */
  ofUser(userId: string): Promise<DealerRecord | null>;
  /** The id of the user's approved dealer record (null: none). */
  approvedIdOf(userId: string): Promise<string | null>;
  /** The user's dealer terms (null: not an approved dealer). */
  termsOf(userId: string): Promise<DealerTerms | null>;
}

/** The directory over a lookup of a user's dealer record (the identity module's). */
export function dealerDirectory(find: (userId: string) => Promise<DealerRecord | null>): DealerDirectory {
  return {
    ofUser: find,
    async approvedIdOf(userId) {
      const dealer = await find(userId);
      return isApprovedDealer(dealer) ? dealer.id : null;
    },
    termsOf: async (userId) => dealerTerms(await find(userId)),
  };
}
