import { localeTag } from '@varg/domain';
import type { ReactNode } from 'react';
import type { Answer } from '../../../lib/api-call.ts';
import { formatUtcDateTime } from '../../../lib/format.ts';
import { countryName, useTranslation } from '../../../lib/i18n.ts';
import { useLocale } from '../../../lib/use-locale.ts';
import { Badge } from './badge.tsx';
import { ActionForm } from './confirm-form.tsx';

type Account = Answer<'getAdminCustomersById'>;
type Address = Answer<'getAdminCustomersByIdAddresses'>['addresses'][number];
type Vehicle = Answer<'getAdminCustomersByIdVehicles'>['vehicles'][number];

/** A titled block of the account page. */
export function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-3">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

const Empty = ({ children }: { children: ReactNode }) => (
  <p className="rounded-xl border border-dashed border-neutral-300 p-4 text-sm text-neutral-700">{children}</p>
);

export function ProfileSection({ account }: { account: Account }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const tag = localeTag(locale);
  const rows: [string, ReactNode][] = [
    [t('auth_email'), account.email],
    [t('admin_customers_name'), `${account.name} ${account.secondName}`.trim() || '—'],
    [t('admin_customers_phone'), account.phone || '—'],
    [t('account_birth_date'), account.dateOfBirth ?? '—'],
    [t('admin_customers_country'), countryName(account.country, locale, account.country)],
    [t('admin_customer_language'), account.lang],
    [t('admin_customers_roles'), account.roles.join(', ')],
    [t('admin_customers_created'), formatUtcDateTime(account.createdAt, tag)],
  ];
  if (account.pendingEmail) rows.push([t('admin_customer_pending_email'), account.pendingEmail]);
  if (account.dealer)
    rows.push([
      t('admin_customer_dealer'),
      account.dealer.status === 1 ? t('ledger_dealer_active') : t('ledger_dealer_inactive'),
    ]);
  return (
    <Section id="profile" title={t('admin_customer_profile')}>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1.5 rounded-xl border border-neutral-200 p-4 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-neutral-700">{label}</dt>
            <dd className="min-w-0 break-words">{value}</dd>
          </div>
        ))}
      </dl>
    </Section>
  );
}

/** State of the account and what an administrator may do with it: resend the confirmation, disable or enable. */
export function AccountActions({ account }: { account: Account }) {
  const { t } = useTranslation();
  const tag = localeTag(useLocale());
  return (
    <Section id="account-state" title={t('admin_customer_state')}>
      <div className="flex flex-col gap-4 rounded-xl border border-neutral-200 p-4 text-sm">
        <p className="flex flex-wrap items-center gap-2">
          {account.disabled ? (
            <Badge tone="red">{t('admin_customers_disabled')}</Badge>
          ) : (
            <Badge tone="green">{t('admin_customers_active')}</Badge>
          )}
          {account.emailConfirmed ? (
            <Badge tone="neutral">{t('admin_customers_confirmed')}</Badge>
          ) : (
            <Badge tone="amber">{t('admin_customers_unconfirmed')}</Badge>
          )}
          {account.disabledAt && (
            <span className="text-neutral-700">
              {t('admin_customer_disabled_since', { time: formatUtcDateTime(account.disabledAt, tag) })}
            </span>
          )}
        </p>
        <div className="flex flex-wrap gap-3">
          {!account.emailConfirmed && (
            <ActionForm intent="resend" label={t('admin_customer_resend')} pending={t('admin_customer_working')} />
          )}
          {account.disabled ? (
            <ActionForm intent="enable" label={t('admin_customer_enable')} pending={t('admin_customer_working')} />
          ) : (
            <ActionForm
              intent="disable"
              label={t('admin_customer_disable')}
              pending={t('admin_customer_working')}
              confirm={{
                title: t('admin_customer_disable_confirm'),
                description: t('admin_customer_disable_text', { email: account.email }),
              }}
            />
          )}
        </div>
      </div>
    </Section>
  );
}

export function SessionsSection({ account }: { account: Account }) {
  const { t } = useTranslation();
  const tag = localeTag(useLocale());
  const { sessions } = account;
  return (
    <Section id="sessions" title={t('admin_customer_sessions')}>
      {sessions.length === 0 ? (
        <Empty>{t('admin_customer_sessions_empty')}</Empty>
      ) : (
        <>
          <div className="overflow-x-auto rounded-xl border border-neutral-200">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t('admin_customer_sessions')}</caption>
              <thead className="bg-neutral-50 text-xs tracking-wide text-neutral-700 uppercase">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    {t('admin_customer_session_started')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('admin_customer_session_last')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('admin_customer_session_device')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    <span className="sr-only">{t('admin_customer_session_end')}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-neutral-200">
                {sessions.map((s) => (
                  <tr key={s.familyId}>
                    <td className="px-3 py-2 whitespace-nowrap">{formatUtcDateTime(s.startedAt, tag)}</td>
                    <td className="px-3 py-2 whitespace-nowrap">{formatUtcDateTime(s.lastActiveAt, tag)}</td>
                    <td className="max-w-md px-3 py-2 break-words">
                      {s.ip ?? '—'} · {s.userAgent ?? '—'}
                      {s.impersonator && (
                        <span className="block text-xs text-neutral-700">
                          {t('admin_customer_session_impersonator', { email: s.impersonator })}
                        </span>
                      )}
                    </td>
                    <td className="px-3 py-2 text-right">
                      <ActionForm
                        intent="end-session"
                        fields={{ familyId: s.familyId }}
                        label={t('admin_customer_session_end')}
                        pending={t('admin_customer_working')}
                        ariaLabel={`${t('admin_customer_session_end')}: ${formatUtcDateTime(s.lastActiveAt, tag)}`}
                      />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div>
            <ActionForm
              intent="end-sessions"
              label={t('admin_customer_sessions_end_all')}
              pending={t('admin_customer_working')}
              confirm={{ title: t('admin_customer_sessions_end_all_confirm'), description: account.email }}
            />
          </div>
        </>
      )}
    </Section>
  );
}

export function AddressesSection({ addresses }: { addresses: Address[] }) {
  const { t } = useTranslation();
  return (
    <Section id="addresses" title={t('account_addresses')}>
      {addresses.length === 0 ? (
        <Empty>{t('admin_customer_addresses_empty')}</Empty>
      ) : (
        <ul className="flex flex-col divide-y divide-neutral-200 rounded-xl border border-neutral-200 text-sm">
          {addresses.map((a) => (
            <li key={a._id} className="px-4 py-2">
              <address className="not-italic">{a.formatted_address}</address>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}

export function VehiclesSection({ vehicles }: { vehicles: Vehicle[] }) {
  const { t } = useTranslation();
  return (
    <Section id="vehicles" title={t('account_vehicles')}>
      {vehicles.length === 0 ? (
        <Empty>{t('admin_customer_vehicles_empty')}</Empty>
      ) : (
        <ul className="flex flex-col divide-y divide-neutral-200 rounded-xl border border-neutral-200 text-sm">
          {vehicles.map((v) => (
            <li key={v._id} className="flex flex-col px-4 py-2">
              <span className="font-medium">
                {v.modelName} · {v.color}
              </span>
              <span className="font-mono text-xs">{v.vin}</span>
              <span className="text-neutral-700">
                {t('admin_customer_vehicle_warranty', { date: v.warrantyEnd })}
                {v.registrationNumber ? ` · ${v.registrationNumber}` : ''}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Section>
  );
}
