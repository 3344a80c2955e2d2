import { AUDITED_ENTITIES } from '@varg/contracts';
import { listParams } from './list-params.ts';

/** The audit log page's query for the API, from its address (search, filters, sort, page); kept for the CSV export. */
export function auditLogQuery(url: URL, pageSize?: number) {
  const params = listParams(url, ['action', 'actor', 'entityType']);
  const entityType = AUDITED_ENTITIES.find((type) => type === params.entityType);
  const sort = (['createdAt', 'action'] as const).find((s) => s === params.sort);
  return {
    ...params,
    sort,
    entityType,
    action: params.action?.slice(0, 60),
    actor: params.actor?.slice(0, 254),
    ...(pageSize ? { pageSize, page: 1 } : {}),
  };
}
