import type { RouterContextProvider } from 'react-router';
import { userApi } from '../../lib/auth.server.ts';
import { localeContext, servicesContext } from '../../lib/context.ts';
import { auditLogQuery } from './audit-query.ts';

export interface ExportArgs {
  context: Readonly<RouterContextProvider>;
  request: Request;
  /** The list page's address query: its search, filters and sort. */
  url: URL;
  /** The page language's text of a key. */
  t: (key: string) => string;
}
export interface ExportTable {
  /** The file's name without extension, e.g. `orders`. */
  filename: string;
  header: string[];
  rows: (string | number | null)[][];
}
export type Exporter = (args: ExportArgs) => Promise<ExportTable>;

/** How many rows an export reads at most (the API's largest page). */
export const EXPORT_ROWS = 500;

/**
 * The back office's CSV exports by name (`/admin/export/{name}`, decision 040): each list registers the function that
 * reads it with the page's search and filters and names its columns in the page's language.
 */
export const EXPORTS: Record<string, Exporter> = {
  // The audit log page's rows with its search and filters (`/admin/audit`).
  'audit-log': async ({ context, request, url, t }) => {
    const { docs } = await userApi(context, request).call('getAdminAuditLog', {
      query: auditLogQuery(url, EXPORT_ROWS),
    });
    return {
      filename: 'audit-log',
      header: [
        t('admin_audit_when'),
        t('admin_audit_who'),
        t('admin_audit_as'),
        t('admin_audit_action'),
        t('admin_audit_filter_entity'),
        t('admin_audit_record'),
      ],
      rows: docs.map((entry) => [
        entry.createdAt,
        entry.actor?.email ?? '',
        entry.subject?.email ?? '',
        entry.action,
        entry.entityType ?? '',
        entry.entityId ?? '',
      ]),
    };
  },
};

/** The page language's messages as a lookup (keys without a text stay as they are). */
export function exportTranslator(context: Readonly<RouterContextProvider>): (key: string) => string {
  const messages = context.get(servicesContext).messagesFor(context.get(localeContext));
  return (key) => messages[key] ?? key;
}
