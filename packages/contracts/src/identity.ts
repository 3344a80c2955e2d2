import { ROLES } from '@varg/domain';
import { z } from 'zod';
import { CartSummary } from './cart.ts';
import { CountryCode } from './markets.ts';

export const RoleName = z.enum(ROLES);
export type RoleName = z.infer<typeof RoleName>;

const Email = z
  .email()
  .max(254)
  .transform((s) => s.trim().toLowerCase());
/** At least 10 characters: length is what makes a password strong (NIST SP 800-63B). */
export const Password = z.string().min(10).max(128);
const Name = z.string().trim().max(100);
const Phone = z.string().trim().max(32);
const LangCode = z.string().regex(/^[a-z]{2}(-[a-z]{2})?$/, 'form_invalid');

export const SignInBody = z.object({ email: Email, password: z.string().min(1).max(128) }).meta({ id: 'SignInBody' });
export const TokenPair = z
  .object({
    token: z.string().meta({ description: 'Access token (JWT), sent as `Authorization: Bearer <token>`' }),
    refresh_token: z.string().meta({ description: 'Opaque; single use: each refresh returns a new one' }),
    token_type: z.literal('Bearer'),
    expires_in: z.number().int().meta({ description: 'Seconds until the access token expires' }),
  })
  .meta({ id: 'TokenPair' });
export type TokenPair = z.infer<typeof TokenPair>;

export const SignUpQuery = z.object({ lang: LangCode.optional(), country: CountryCode.optional() });
export const SignUpBody = z
  .object({
    email: Email,
    password: Password,
    name: Name.min(1),
    secondName: Name.default(''),
    phone: Phone.default(''),
    referralCode: z
      .string()
      .trim()
      .max(32)
      .optional()
      .meta({ description: 'A referral code from a referrer’s link (decision 051); an unknown one is ignored' }),
  })
  .meta({ id: 'SignUpBody' });

export const Accepted = z
  .object({ status: z.literal('accepted'), message: z.string(), t_key: z.string() })
  .meta({ id: 'Accepted' });

export const RefreshBody = z.object({ refresh_token: z.string().min(16).max(200) });
export const EmailBody = z.object({ email: Email });
export const ResetPasswordBody = z.object({ password: Password });
/** A new sign-in address, with the current password (decision 028). */
export const EmailChangeBody = z
  .object({ email: Email, currentPassword: z.string().min(1).max(128) })
  .meta({ id: 'EmailChangeBody' });
export const TokenParams = z.object({ token: z.string().min(16).max(200) });

export const Dealer = z
  .object({
    id: z.string(),
    labourRate: z.number(),
    reimbursement: z.number(),
    currency: z.string(),
    refillCountry: z.string().nullable(),
    avatar: z.object({ name: z.string(), path: z.string() }).nullable(),
    group: z.object({ name: z.string(), status: z.number() }),
    status: z.number().meta({ description: '1 = active (approved)' }),
    storeInfo: z.object({
      name: z.string(),
      phone: z.string(),
      email: z.string(),
      address: z.string(),
      location: z.object({ type: z.literal('Point'), coordinates: z.tuple([z.number(), z.number()]) }),
    }),
    invoicing: z.record(z.string(), z.unknown()),
    shipping: z.record(z.string(), z.unknown()),
    marketplace: z.object({ documentFee: z.number(), margin: z.number() }),
  })
  .meta({ id: 'Dealer' });
export type Dealer = z.infer<typeof Dealer>;

export const Customer = z
  .object({
    id: z.string(),
    isCustomer: z.literal(true),
    roles: z.array(z.string()),
    avatar: z.object({ name: z.string(), path: z.string() }).nullable(),
    personalInfo: z.object({
      name: z.string(),
      surname: z.string(),
      dob: z.string().nullable(),
      phone: z.string(),
      email: z.string(),
    }),
  })
  .meta({ id: 'Customer' });

export const CurrentUser = z
  .object({
    _id: z.string(),
    email: z.string(),
    roles: z.array(z.string()),
    lang: z.string(),
    country: z.string(),
    scope: z.array(z.string()).meta({ description: 'Roles and derived permissions; read by the key `scope`' }),
    name: z.string(),
    secondName: z.string(),
    phone: z.string(),
    dateOfBirth: z.string().nullable(),
    emailConfirmed: z.boolean(),
    pendingEmail: z.string().nullable().meta({
      description: 'A new address waiting for its confirmation link; `email` stays the sign-in address until then',
    }),
    whitelistedPresales: z.boolean(),
    isCustomer: z.boolean(),
    isDealer: z.boolean(),
    isAdmin: z.boolean(),
    isLeadDealer: z.boolean(),
    isTranslator: z.boolean(),
    isMco: z.boolean(),
    dealer: Dealer.nullable(),
    customer: Customer.nullable(),
    /** `demo_user` while an administrator acts as this user. */
    mode: z.enum(['demo_user']).nullable(),
    impersonator: z.object({ _id: z.string(), email: z.string() }).nullable(),
  })
  .meta({ id: 'CurrentUser' });
export type CurrentUser = z.infer<typeof CurrentUser>;

export const UserMeQuery = z.object({
  include: z.enum(['cart']).optional().meta({
    description:
      '`cart`: the answer also carries `cart`, the summary of the user’s open cart as `GET cart/summary` answers it (null when there is none), so a page needs one call for both',
  }),
});
export const UserMe = CurrentUser.extend({
  cart: CartSummary.nullable().optional().meta({ description: 'Only with `include=cart`' }),
}).meta({ id: 'UserMe' });
export type UserMe = z.infer<typeof UserMe>;

export const UserParams = z.object({ id: z.uuid() });
export const ProfileUpdate = z
  .object({
    name: Name.min(1),
    secondName: Name,
    dateOfBirth: z.iso.date().nullable(),
    phone: Phone,
    email: Email,
    country: CountryCode,
    lang: LangCode,
  })
  .partial()
  .strict();
export const PasswordChange = z.object({ currentPassword: z.string().min(1).max(128), newPassword: Password }).strict();
export const UserUpdateBody = z.union([PasswordChange, ProfileUpdate]).meta({
  id: 'UserUpdateBody',
  description: 'Either profile fields, or exactly `currentPassword` and `newPassword`.',
});
