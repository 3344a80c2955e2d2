import { AUDITED_ENTITIES, type AuditTrailEntry } from '@varg/contracts';
import { localeTag } from '@varg/domain';
import { useLoaderData, useLocation } from 'react-router';
import { auditLogQuery } from '../features/admin/audit-query.ts';
import { type Column, DataTable } from '../features/admin/data-table.tsx';
import { auditValue } from '../features/admin/format.ts';
import { FilterSelect, ListToolbar } from '../features/admin/list-toolbar.tsx';
import { userApi } from '../lib/auth.server.ts';
import { formatUtcDateTime } from '../lib/format.ts';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { useLocale } from '../lib/use-locale.ts';
import type { Route } from './+types/admin-audit';

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'admin_nav_audit');

/** The whole audit log (issue 24, decision 040): filtered by action, who did it and the kind of record; CSV export. */
export const loader = guarded(['admin'], async ({ context, request }: Route.LoaderArgs) =>
  userApi(context, request).call('getAdminAuditLog', { query: auditLogQuery(new URL(request.url)) }),
);

const entityKey = (type: string) => `admin_audit_entity_${type.replace(/-/g, '_')}`;

/** A text input filter of the list (part of its GET form). */
function FilterInput({ label, name, type = 'text' }: { label: string; name: string; type?: string }) {
  const { search } = useLocation();
  return (
    <label className="flex flex-col gap-1 text-sm font-medium">
      {label}
      <input
        type={type}
        name={name}
        defaultValue={new URLSearchParams(search).get(name) ?? ''}
        maxLength={name === 'action' ? 60 : 254}
        className="rounded-lg border border-neutral-300 px-3 py-2 font-normal"
      />
    </label>
  );
}

export default function AdminAudit() {
  const { t } = useTranslation();
  const tag = localeTag(useLocale());
  const log = useLoaderData<typeof loader>();
  const actionName = (action: string) => {
    const key = `audit_action_${action.replace(/[.-]/g, '_')}`;
    const name = t(key);
    return name === key ? action : name;
  };
  const columns: Column<AuditTrailEntry>[] = [
    {
      key: 'createdAt',
      label: t('admin_audit_when'),
      sortable: true,
      render: (e) => (
        <time dateTime={e.createdAt} className="whitespace-nowrap">
          {formatUtcDateTime(e.createdAt, tag)}
        </time>
      ),
    },
    { key: 'actor', label: t('admin_audit_who'), render: (e) => e.actor?.email ?? t('admin_audit_system') },
    { key: 'subject', label: t('admin_audit_as'), render: (e) => e.subject?.email ?? '—' },
    {
      key: 'action',
      label: t('admin_audit_action'),
      sortable: true,
      render: (e) => (
        <span className="flex flex-col">
          <span>{actionName(e.action)}</span>
          {actionName(e.action) !== e.action && <span className="font-mono text-xs text-neutral-600">{e.action}</span>}
        </span>
      ),
    },
    {
      key: 'record',
      label: t('admin_audit_record'),
      render: (e) =>
        e.entityType ? (
          <span className="flex flex-col">
            <span>{t(entityKey(e.entityType))}</span>
            <span className="font-mono text-xs break-all text-neutral-600">{e.entityId}</span>
          </span>
        ) : (
          '—'
        ),
    },
    {
      key: 'change',
      label: t('admin_audit_trail'),
      render: (e) => {
        const before = (e.detail.before ?? {}) as Record<string, unknown>;
        const after = (e.detail.after ?? {}) as Record<string, unknown>;
        const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])];
        return fields.length === 0 ? (
          '—'
        ) : (
          <ul className="flex flex-col gap-0.5 text-xs">
            {fields.map((field) => (
              <li key={field} className="break-all">
                <span className="font-mono">{field}</span>: {auditValue(before[field])}{' '}
                <span aria-hidden="true">→</span>
                <span className="sr-only">{t('admin_audit_after')}</span> {auditValue(after[field])}
              </li>
            ))}
          </ul>
        );
      },
    },
  ];
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold tracking-tight">{t('admin_nav_audit')}</h1>
      <ListToolbar searchLabel={t('admin_audit_search')} exportName="audit-log">
        <FilterInput label={t('admin_audit_filter_action')} name="action" />
        <FilterInput label={t('admin_audit_filter_actor')} name="actor" />
        <FilterSelect
          label={t('admin_audit_filter_entity')}
          name="entityType"
          options={AUDITED_ENTITIES.map((type) => ({ value: type, label: t(entityKey(type)) }))}
        />
      </ListToolbar>
      <DataTable
        caption={t('admin_nav_audit')}
        columns={columns}
        rows={log.docs}
        rowKey={(e) => e.id}
        total={log.total}
        page={log.page}
        pageSize={log.pageSize}
        empty={t('admin_audit_empty')}
      />
    </div>
  );
}
