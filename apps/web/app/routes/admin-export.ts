import { toCsv } from '@varg/domain';
import { data } from 'react-router';
import { EXPORTS, exportTranslator } from '../features/admin/exports.server.ts';
import { guarded } from '../lib/guards.server.ts';
import type { Route } from './+types/admin-export';

/**
 * A back-office list as a CSV file (decision 040): the list's current search and filters, RFC 4180 quoting, CRLF and
 * a UTF-8 byte order mark so spreadsheets read the accents; headers in the page's language. Administrators only.
 */
export const loader = guarded(['admin'], async ({ context, request, params }: Route.LoaderArgs) => {
  const t = exportTranslator(context);
  const exporter = Object.hasOwn(EXPORTS, params.list) ? EXPORTS[params.list] : undefined;
  if (!exporter) throw data({ message: t('error_not_found') }, { status: 404 });
  const table = await exporter({ context, request, url: new URL(request.url), t });
  const day = new Date().toISOString().slice(0, 10);
  return new Response(`\uFEFF${toCsv(table.header, table.rows)}`, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${table.filename}-${day}.csv"`,
      'Cache-Control': 'private, no-store',
    },
  });
});
