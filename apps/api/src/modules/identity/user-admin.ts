import type { IdentityRepo, UserRow } from './repo.ts';

/** A user found by the administrators' search, and whether a dealer record (any status) belongs to them. */
export interface FoundUser {
  user: UserRow;
  hasDealer: boolean;
}

/**
 * What the administrators' user management (modules/admin) may do with the identity store (decision 033): find
 * users, read one, know whether they have a dealer record, and end a sign-in. Nothing else of the store or its tables.
 */
export interface UserAdmin {
  /** Up to 20 users whose e-mail address, name or second name contains `text` (case-insensitive), by e-mail. */
  search(text: string): Promise<FoundUser[]>;
  findUser(id: string): Promise<UserRow | null>;
  hasDealer(userId: string): Promise<boolean>;
  /** Ends a sign-in (its session family). */
  endSignIn(familyId: string): Promise<void>;
}

export function userAdmin(repo: IdentityRepo): UserAdmin {
  return {
    search: (text) => repo.searchUsers(text, 20),
    findUser: (id) => repo.findUser(id),
    hasDealer: async (userId) => (await repo.findDealer(userId)) !== null,
    endSignIn: (familyId) => repo.revokeFamily(familyId),
  };
}
