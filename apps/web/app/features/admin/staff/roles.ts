import { STAFF_ROLES, type StaffRole } from '@varg/contracts';
import { listParams } from '../list-params.ts';

export { STAFF_ROLES, type StaffRole };

/** The staff roles among an account's roles (customer and dealer are not staff roles). */
export const staffRolesOf = (roles: readonly string[]): StaffRole[] =>
  STAFF_ROLES.filter((role) => roles.includes(role));

/** The staff roles ticked in a submitted form (`roles` checkboxes), unknown values dropped. */
export const rolesFromForm = (form: FormData): StaffRole[] =>
  STAFF_ROLES.filter((role) => form.getAll('roles').includes(role));

/** The translation key of a role's name. */
export const roleKey = (role: string) => `admin_staff_role_${role}`;

/** The staff list's API query from the page's address (search, role filter, sort, page): the page and its export. */
export function staffQuery(url: URL) {
  const params = listParams(url, ['role']);
  const role = STAFF_ROLES.find((r) => r === params.role);
  const sort = (['email', 'name', 'createdAt'] as const).find((s) => s === params.sort);
  return { ...params, sort, role, dir: params.sort ? params.dir : ('asc' as const) };
}
