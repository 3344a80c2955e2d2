import { z } from 'zod';

/**
 * The back office's list query (decision 040): free-text search, one sort column, direction and a page. Each list
 * extends it with its own filters and narrows `sort` to its sortable columns with `listQuery([...])`.
 */
export function listQuery<const S extends readonly [string, ...string[]]>(sortable: S) {
  return z.object({
    q: z.string().trim().max(100).optional().meta({ description: 'Free-text search' }),
    sort: z
      .enum(sortable)
      .optional()
      .meta({ description: `Sort column: ${sortable.join(', ')}` }),
    dir: z.enum(['asc', 'desc']).default('desc'),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(500).default(50),
  });
}

/** One page of a back-office list: the rows, how many match in all, and the page asked for. */
export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({
    docs: z.array(item),
    total: z.number().int().min(0),
    page: z.number().int().min(1),
    pageSize: z.number().int().min(1),
  });
}

/** An entry of the audit trail: who did what, when, to which record, with the changed fields before and after. */
export const AuditTrailEntry = z
  .object({
    id: z.string(),
    action: z.string(),
    actor: z.object({ _id: z.string(), email: z.string() }).nullable(),
    subject: z.object({ _id: z.string(), email: z.string() }).nullable(),
    entityType: z.string().nullable(),
    entityId: z.string().nullable(),
    detail: z.record(z.string(), z.unknown()),
    ip: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'AuditTrailEntry' });
export type AuditTrailEntry = z.infer<typeof AuditTrailEntry>;

/** The kinds of record the back office audits (the `entityType` of an audit entry). */
export const AUDITED_ENTITIES = [
  'user',
  'order',
  'payment',
  'dealer',
  'model',
  'option',
  'price',
  'part',
  'article',
  'document',
  'stock-bike',
  'market',
  'auction',
  'axe',
  'alert',
  'invitation',
  'legal',
  'email',
] as const;
export type AuditedEntity = (typeof AUDITED_ENTITIES)[number];
