// Identity (decision 008): the signed-in user as the API answers them (user/me), and dealers' records as shown.
import type { CurrentUser, Dealer } from '@varg/contracts';
import { ACTIVE_STATUS } from '@varg/domain';
import { avatarOf } from './avatar.ts';
import type { Auth } from './context.ts';
import type { DealerRow, IdentityRepo, UserRow } from './repo.ts';

export function toDealer(row: DealerRow, user: UserRow): Dealer {
  const store = row.storeInfo as Record<string, unknown>;
  const location = store.location as { coordinates?: [number, number] } | undefined;
  const marketplace = row.marketplace as { documentFee?: number; margin?: number };
  return {
    id: row.id,
    labourRate: row.labourRate,
    reimbursement: row.assemblyReimbursement,
    currency: row.revenueCurrency,
    refillCountry: row.refillCountry,
    avatar: typeof store.mediaPath === 'string' ? { name: String(store.name ?? ''), path: store.mediaPath } : null,
    group: { name: row.groupName, status: row.groupStatus },
    status: row.status,
    storeInfo: {
      name: String(store.name ?? ''),
      phone: String(store.phone ?? user.phone),
      email: String(store.supportEmail ?? user.email),
      address: String(store.formattedAddress ?? ''),
      location: { type: 'Point', coordinates: location?.coordinates ?? [0, 0] },
    },
    invoicing: row.invoicing as Record<string, unknown>,
    shipping: row.shipping as Record<string, unknown>,
    marketplace: { documentFee: marketplace.documentFee ?? 0, margin: marketplace.margin ?? 0 },
  };
}

export function identityProfiles(repo: IdentityRepo) {
  /**
   * `known`: the dealer record (null: none) when the caller read it with the user already (`findUserWithDealer`); read
   * here otherwise.
   */
  async function currentUser(user: UserRow, impersonatorId?: string, known?: DealerRow | null): Promise<CurrentUser> {
    const dealerRow = known === undefined ? await repo.findDealer(user.id) : known;
    const impersonator = impersonatorId ? await repo.findUser(impersonatorId) : null;
    const roles = user.roles;
    const isDealer = dealerRow !== null;
    const scope = [...roles, ...(isDealer && dealerRow.status === ACTIVE_STATUS ? ['dealer:active'] : [])];
    return {
      _id: user.id,
      email: user.email,
      roles,
      lang: user.lang,
      country: user.country,
      scope,
      name: user.name,
      secondName: user.secondName,
      phone: user.phone,
      dateOfBirth: user.dateOfBirth,
      emailConfirmed: user.emailConfirmedAt !== null,
      pendingEmail: user.pendingEmail,
      whitelistedPresales: user.whitelistedPresales,
      isCustomer: !isDealer,
      isDealer,
      isAdmin: roles.includes('admin'),
      isLeadDealer: roles.includes('lead_dealer'),
      isTranslator: roles.includes('translator'),
      isMco: roles.includes('mco'),
      dealer: dealerRow ? toDealer(dealerRow, user) : null,
      customer: isDealer
        ? null
        : {
            id: user.id,
            isCustomer: true,
            roles,
            avatar: avatarOf(user),
            personalInfo: {
              name: user.name,
              surname: user.secondName,
              dob: user.dateOfBirth,
              phone: user.phone,
              email: user.email,
            },
          },
      mode: impersonatorId ? 'demo_user' : null,
      impersonator: impersonator ? { _id: impersonator.id, email: impersonator.email } : null,
    };
  }

  return {
    currentUser,

    /** Approved dealers in a country (pickup points at checkout), ordered as they joined. */
    async activeDealersIn(country: string): Promise<Dealer[]> {
      return (await repo.listActiveDealers(country)).map((r) => toDealer(r.dealer, r.user));
    },

    /** Every approved dealer, with the country of its account (test rides, store finder). */
    async activeDealers(): Promise<Array<Dealer & { country: string; userId: string; lang: string }>> {
      return (await repo.listActiveDealers()).map((r) => ({
        ...toDealer(r.dealer, r.user),
        country: r.user.country,
        userId: r.user.id,
        lang: r.user.lang,
      }));
    },

    async dealerMy(auth: Auth): Promise<Dealer[]> {
      const found = await repo.findUserWithDealer(auth.userId);
      return found?.dealer ? [toDealer(found.dealer, found.user)] : [];
    },
  };
}
export type IdentityProfiles = ReturnType<typeof identityProfiles>;
