import type { StaffMember } from '@varg/contracts';
import { localeTag } from '@varg/domain';
import { Form, Link, useNavigation } from 'react-router';
import { formatUtcDateTime } from '../../../lib/format.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { useLocale, useLocalePath } from '../../../lib/use-locale.ts';
import { buttonClass } from '../../../ui/button.ts';
import { type Column, DataTable } from '../data-table.tsx';
import { roleKey, STAFF_ROLES, staffRolesOf } from './roles.ts';

/** A staff member's roles as a form: one checkbox per staff role, lead dealer only for an approved dealer. */
function RolesForm({ member }: { member: StaffMember }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('userId') === member._id;
  const held = staffRolesOf(member.roles);
  return (
    <details className="group">
      <summary className="cursor-pointer text-sm font-medium underline underline-offset-2">
        {t('admin_staff_change_roles')}
      </summary>
      <Form method="post" className="mt-2 flex flex-col gap-2" preventScrollReset>
        <input type="hidden" name="intent" value="roles" />
        <input type="hidden" name="userId" value={member._id} />
        <input type="hidden" name="email" value={member.email} />
        {held.map((role) => (
          <input key={role} type="hidden" name="held" value={role} />
        ))}
        <fieldset className="flex flex-col gap-1">
          <legend className="sr-only">{t('admin_staff_roles_of', { email: member.email })}</legend>
          {STAFF_ROLES.map((role) => {
            const locked = role === 'lead_dealer' && !member.approvedDealer && !held.includes(role);
            return (
              <label key={role} className={`flex items-center gap-2 text-sm ${locked ? 'text-neutral-500' : ''}`}>
                <input
                  type="checkbox"
                  name="roles"
                  value={role}
                  defaultChecked={held.includes(role)}
                  disabled={locked}
                />
                {t(roleKey(role))}
              </label>
            );
          })}
        </fieldset>
        {!member.approvedDealer && <p className="text-xs text-neutral-600">{t('admin_staff_lead_hint')}</p>}
        <button type="submit" className={`${buttonClass.secondary} self-start`} disabled={busy}>
          {busy ? t('admin_staff_saving') : t('admin_staff_save_roles')}
        </button>
      </Form>
    </details>
  );
}

/** The staff list: who, which roles, since when, the account page, and the roles form. */
export function StaffTable({
  docs,
  total,
  page,
  pageSize,
}: {
  docs: StaffMember[];
  total: number;
  page: number;
  pageSize: number;
}) {
  const { t } = useTranslation();
  const tag = localeTag(useLocale());
  const localePath = useLocalePath();
  const columns: Column<StaffMember>[] = [
    {
      key: 'name',
      label: t('admin_staff_col_person'),
      sortable: true,
      render: (m) => (
        <span className="flex flex-col">
          <span className="font-medium">{`${m.name} ${m.secondName}`.trim() || '—'}</span>
          <span className="text-neutral-700">{m.email}</span>
        </span>
      ),
    },
    {
      key: 'roles',
      label: t('admin_staff_col_roles'),
      render: (m) => (
        <ul className="flex flex-wrap gap-1">
          {staffRolesOf(m.roles).map((role) => (
            <li key={role} className="rounded-full bg-neutral-100 px-2 py-0.5 text-xs font-medium">
              {t(roleKey(role))}
            </li>
          ))}
        </ul>
      ),
    },
    {
      key: 'createdAt',
      label: t('admin_staff_col_since'),
      sortable: true,
      render: (m) => <time dateTime={m.createdAt}>{formatUtcDateTime(m.createdAt, tag)}</time>,
    },
    {
      key: 'actions',
      label: t('admin_staff_change_roles'),
      render: (m) => (
        <div className="flex min-w-48 flex-col gap-2">
          <Link to={localePath(`/admin/customers/${m._id}`)} className="text-sm underline underline-offset-2">
            {t('admin_staff_account')}
            <span className="sr-only">: {m.email}</span>
          </Link>
          <RolesForm member={m} />
        </div>
      ),
    },
  ];
  return (
    <DataTable
      caption={t('admin_nav_staff')}
      columns={columns}
      rows={docs}
      rowKey={(m) => m._id}
      total={total}
      page={page}
      pageSize={pageSize}
      empty={t('admin_staff_empty')}
    />
  );
}
