import { userApi } from '../../../lib/auth.server.ts';
import { EXPORT_ROWS, type Exporter } from '../exports.server.ts';
import { listParams } from '../list-params.ts';
import { roleKey, staffQuery, staffRolesOf } from '../staff/roles.ts';
import { ACCOUNT_FILTERS, accountQuery, DEALER_FILTERS, dealerQuery } from './queries.ts';

/** The people lists' CSV exports (decision 044): the page's search, filters and sort, up to the API's largest page. */
export const PEOPLE_EXPORTS: Record<string, Exporter> = {
  customers: async ({ context, request, url, t }) => {
    const query = { ...accountQuery(listParams(url, ACCOUNT_FILTERS)), page: 1, pageSize: EXPORT_ROWS };
    const { docs } = await userApi(context, request).call('getAdminCustomers', { query });
    return {
      filename: 'customers',
      header: [
        t('auth_email'),
        t('admin_customers_name'),
        t('admin_customers_phone'),
        t('admin_customers_country'),
        t('admin_customers_roles'),
        t('admin_customers_confirmed'),
        t('admin_customers_disabled'),
        t('admin_customers_created'),
      ],
      rows: docs.map((a) => [
        a.email,
        `${a.name} ${a.secondName}`.trim(),
        a.phone,
        a.country,
        a.roles.join(' '),
        t(a.emailConfirmed ? 'admin_customers_yes' : 'admin_customers_no'),
        t(a.disabled ? 'admin_customers_yes' : 'admin_customers_no'),
        a.createdAt,
      ]),
    };
  },
  dealers: async ({ context, request, url, t }) => {
    const query = { ...dealerQuery(listParams(url, DEALER_FILTERS)), page: 1, pageSize: EXPORT_ROWS };
    const { docs } = await userApi(context, request).call('getAdminDealers', { query });
    return {
      filename: 'dealers',
      header: [
        t('ledger_group_store'),
        t('admin_dealers_company'),
        t('auth_email'),
        t('admin_customers_country'),
        t('dealer_applications_group'),
        t('ledger_status'),
        t('admin_dealers_max_discount'),
        t('dealer_applications_currency'),
        t('admin_customers_created'),
      ],
      rows: docs.map((d) => [
        d.storeName,
        d.companyName,
        d.email,
        d.country,
        d.groupName,
        t(`admin_dealers_status_${d.status}`),
        d.maxDiscountBp / 100,
        d.currency,
        d.createdAt,
      ]),
    };
  },
  // The staff list (`/admin/staff`): its search, role filter and sort; the staff roles by name in the page's language.
  staff: async ({ context, request, url, t }) => {
    const query = { ...staffQuery(url), page: 1, pageSize: EXPORT_ROWS };
    const { docs } = await userApi(context, request).call('getAdminStaff', { query });
    return {
      filename: 'staff',
      header: [
        t('auth_email'),
        t('admin_customers_name'),
        t('admin_customers_country'),
        t('admin_staff_col_roles'),
        t('admin_staff_col_since'),
      ],
      rows: docs.map((m) => [
        m.email,
        `${m.name} ${m.secondName}`.trim(),
        m.country,
        staffRolesOf(m.roles)
          .map((role) => t(roleKey(role)))
          .join(', '),
        m.createdAt,
      ]),
    };
  },
};
