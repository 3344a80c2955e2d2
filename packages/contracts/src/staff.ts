import { z } from 'zod';
import { listQuery } from './backoffice.ts';

/** The roles the back office grants and revokes (issue 24): everything but the plain customer and dealer. */
export const STAFF_ROLES = ['admin', 'translator', 'mco', 'compliance', 'lead_dealer'] as const;
export const StaffRole = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof StaffRole>;

const Email = z
  .email()
  .max(254)
  .transform((s) => s.trim().toLowerCase());
const Name = z.string().trim().max(100);
const Roles = z
  .array(StaffRole)
  .max(STAFF_ROLES.length)
  .refine((roles) => new Set(roles).size === roles.length, 'validation_roles_unique');

/** A member of staff: an account holding at least one staff role. */
export const StaffMember = z
  .object({
    _id: z.string(),
    email: z.string(),
    name: z.string(),
    secondName: z.string(),
    roles: z.array(z.string()),
    country: z.string(),
    /** The account has an approved dealer record: only such an account may be a lead dealer. */
    approvedDealer: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'StaffMember' });
export type StaffMember = z.infer<typeof StaffMember>;

export const StaffListQuery = listQuery(['email', 'name', 'createdAt']).extend({
  role: StaffRole.optional().meta({ description: 'Only staff holding this role' }),
});

export const StaffRolesBody = z
  .object({
    roles: Roles.meta({ description: 'The staff roles the account holds from now on (customer/dealer kept)' }),
  })
  .meta({ id: 'StaffRolesBody' });

export const INVITATION_STATUSES = ['pending', 'expired', 'accepted', 'revoked'] as const;

/** An invitation to join the staff (its link is e-mailed; only a hash of its token is kept). */
export const StaffInvitation = z
  .object({
    _id: z.string(),
    email: z.string(),
    roles: z.array(StaffRole),
    lang: z.string(),
    status: z.enum(INVITATION_STATUSES),
    invitedBy: z.object({ _id: z.string(), email: z.string() }).nullable(),
    expiresAt: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'StaffInvitation' });
export type StaffInvitation = z.infer<typeof StaffInvitation>;

export const StaffInvitationBody = z
  .object({
    email: Email,
    roles: Roles.refine((roles) => roles.length > 0, 'admin_staff_roles_required'),
    lang: z
      .string()
      .regex(/^[a-z]{2}(-[a-z]{2})?$/)
      .optional()
      .meta({ description: "The e-mail's language for an address without an account (an account's own is used)" }),
  })
  .meta({ id: 'StaffInvitationBody' });

/** What an invitation link offers, read before accepting it. */
export const StaffInvitationPreview = z
  .object({
    email: z.string(),
    roles: z.array(StaffRole),
    /** The address has an account: it signs in and accepts; else the page asks for a name and a password. */
    existingAccount: z.boolean(),
    expiresAt: z.string(),
  })
  .meta({ id: 'StaffInvitationPreview' });

export const StaffInvitationAcceptBody = z
  .object({
    name: Name.min(1).optional(),
    secondName: Name.optional(),
    password: z.string().min(10).max(128).optional(),
  })
  .meta({ id: 'StaffInvitationAcceptBody' });
