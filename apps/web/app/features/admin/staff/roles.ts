import { STAFF_ROLES, type StaffRole } from '@varg/contracts';

export { STAFF_ROLES, type StaffRole };

/** The staff roles among an account's roles (customer and dealer are not staff roles). */
export const staffRolesOf = (roles: readonly string[]): StaffRole[] =>
  STAFF_ROLES.filter((role) => roles.includes(role));

/** The staff roles ticked in a submitted form (`roles` checkboxes), unknown values dropped. */
export const rolesFromForm = (form: FormData): StaffRole[] =>
  STAFF_ROLES.filter((role) => form.getAll('roles').includes(role));

/** The translation key of a role's name. */
export const roleKey = (role: string) => `admin_staff_role_${role}`;
