import { z } from 'zod';
import { listQuery, pageOf } from './backoffice.ts';
import { formNumber } from './form-number.ts';

// The back office's people: every account (customers and staff) and the dealers' terms (issue 24 items 6 and 7;
// docs/decisions/044-people-admin.md).

const yesNo = z.enum(['yes', 'no']);
const Country = z
  .string()
  .regex(/^[A-Za-z]{2}$/)
  .transform((c) => c.toUpperCase());
const CurrencyCode = z
  .string()
  .regex(/^[A-Za-z]{3}$/)
  .transform((c) => c.toUpperCase());

export const AdminAccountQuery = listQuery(['email', 'name', 'country', 'createdAt']).extend({
  country: Country.optional().meta({ description: 'ISO country of the account' }),
  confirmed: yesNo.optional().meta({ description: 'E-mail address confirmed (yes) or not (no)' }),
  disabled: yesNo.optional().meta({ description: 'Account disabled (yes) or active (no)' }),
});
export type AdminAccountQuery = z.infer<typeof AdminAccountQuery>;

export const AdminAccountSummary = z
  .object({
    _id: z.string(),
    email: z.string(),
    name: z.string(),
    secondName: z.string(),
    phone: z.string(),
    country: z.string(),
    roles: z.array(z.string()),
    emailConfirmed: z.boolean(),
    disabled: z.boolean(),
    createdAt: z.string(),
    actAs: z.boolean().meta({ description: 'Whether an administrator may act as this account (a customer only)' }),
  })
  .meta({ id: 'AdminAccountSummary' });
export type AdminAccountSummary = z.infer<typeof AdminAccountSummary>;
export const AdminAccountPage = pageOf(AdminAccountSummary);

export const AdminSession = z
  .object({
    familyId: z.string().meta({ description: 'The sign-in (session family) id' }),
    startedAt: z.string(),
    lastActiveAt: z.string().meta({ description: 'When its refresh token was last issued' }),
    expiresAt: z.string(),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
    impersonator: z.string().nullable().meta({ description: 'The administrator acting as the account, if any' }),
  })
  .meta({ id: 'AdminSession' });
export type AdminSession = z.infer<typeof AdminSession>;

export const AdminAccount = AdminAccountSummary.extend({
  lang: z.string(),
  dateOfBirth: z.string().nullable(),
  pendingEmail: z.string().nullable(),
  disabledAt: z.string().nullable(),
  updatedAt: z.string(),
  dealer: z.object({ _id: z.string(), status: z.number().int() }).nullable(),
  sessions: z.array(AdminSession),
}).meta({ id: 'AdminAccount' });
export type AdminAccount = z.infer<typeof AdminAccount>;

// — wallet —

export const WalletBalance = z.object({ currency: z.string(), amount: z.number().int() });
export const WalletEntry = z.object({
  _id: z.string(),
  currency: z.string(),
  amount: z.number().int().meta({ description: 'Signed minor units: positive adds credit, negative spends it' }),
  reason: z.string().meta({ description: 'goodwill · refund · order_edit · order_payment · manual · referral' }),
  note: z.string().nullable().meta({ description: 'Why an administrator credited it' }),
  createdAt: z.string(),
});
export const AdminWallet = z
  .object({ balances: z.array(WalletBalance), entries: z.array(WalletEntry) })
  .meta({ id: 'AdminWallet' });
export type AdminWallet = z.infer<typeof AdminWallet>;

export const WalletCreditBody = z.object({
  amount: formNumber(z.number().int().min(1).max(10_000_000)).meta({ description: 'Minor units, positive' }),
  currency: CurrencyCode,
  reason: z.string().trim().min(3).max(500),
});
export type WalletCreditBody = z.infer<typeof WalletCreditBody>;

// — dealers —

/** A dealer record's state: an application waiting (0), approved (1), suspended by an administrator or rejected (2). */
export const ADMIN_DEALER_STATUSES = ['pending', 'approved', 'suspended', 'rejected'] as const;

export const AdminDealerQuery = listQuery(['storeName', 'email', 'group', 'status', 'createdAt']).extend({
  status: z.enum(ADMIN_DEALER_STATUSES).optional(),
  country: Country.optional(),
  group: z.string().trim().max(60).optional().meta({ description: 'Exact group name' }),
});
export type AdminDealerQuery = z.infer<typeof AdminDealerQuery>;

export const AdminDealerTerms = z.object({
  groupName: z.string(),
  leadDealer: z.boolean(),
  maxDiscountBp: z.number().int().meta({ description: 'Deepest discount off the list price, basis points' }),
  margin: z.number().meta({ description: 'Marketplace margin, percent' }),
  documentFee: z.number().int().meta({ description: 'Minor units' }),
  labourRate: z.number().int().meta({ description: 'Minor units per hour' }),
  currency: z.string(),
  status: z.enum(ADMIN_DEALER_STATUSES),
});
export type AdminDealerTerms = z.infer<typeof AdminDealerTerms>;

export const AdminDealerSummary = z
  .object({
    _id: z.string(),
    userId: z.string(),
    email: z.string(),
    storeName: z.string(),
    companyName: z.string(),
    country: z.string(),
    groupName: z.string(),
    status: z.enum(ADMIN_DEALER_STATUSES),
    maxDiscountBp: z.number().int(),
    currency: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'AdminDealerSummary' });
export type AdminDealerSummary = z.infer<typeof AdminDealerSummary>;
export const AdminDealerPage = pageOf(AdminDealerSummary);

export const AdminDealer = AdminDealerSummary.extend({ terms: AdminDealerTerms }).meta({ id: 'AdminDealer' });
export type AdminDealer = z.infer<typeof AdminDealer>;

export const AdminDealerTermsBody = z.object({
  groupName: z.string().trim().max(60),
  leadDealer: z.boolean(),
  maxDiscountBp: formNumber(z.number().int().min(0).max(10_000)),
  margin: formNumber(z.number().min(0).max(100)),
  documentFee: formNumber(z.number().int().min(0).max(1_000_000)),
  labourRate: formNumber(z.number().int().min(0).max(100_000)),
  currency: CurrencyCode,
  status: z.enum(['approved', 'suspended']),
});
export type AdminDealerTermsBody = z.infer<typeof AdminDealerTermsBody>;
