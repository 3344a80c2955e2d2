// Who a user is to the shop (decision 008): the roles an account may hold. The database, the contracts and the API
// name them from here.

export const ROLES = ['admin', 'lead_dealer', 'translator', 'customer', 'dealer', 'mco', 'compliance'] as const;
export type Role = (typeof ROLES)[number];
