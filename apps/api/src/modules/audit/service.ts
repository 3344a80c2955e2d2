import { auditLog, type Db, users } from '@varg/db';
import { and, desc, eq, ilike, like, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { containsPattern, countAll, orderOf, windowOf } from '../../lib/admin-list.ts';

/** The record an audit entry is about (decision 040): its kind and id, so its page can show its trail. */
export interface AuditEntity {
  type: string;
  id: string;
}

export interface AuditEntry {
  /** Who did it: the administrator when impersonating, else the user. */
  actorId: string | null;
  /** The user acted as, when impersonating. */
  subjectId?: string | null;
  action: string;
  detail?: Record<string, unknown>;
  ip?: string | null;
  /** The record changed; with `before`/`after`, the back office shows "field: before → after". */
  entity?: AuditEntity;
  /** The changed fields' values before the change (only what changed: see `changedFields`). */
  before?: Record<string, unknown>;
  /** The changed fields' values after the change. */
  after?: Record<string, unknown>;
}

/**
 * The fields whose values differ between two versions of a record, as `{ before, after }` holding only those
 * fields (compared as JSON, so dates, arrays and nested objects compare by value). Fields missing from `after` are
 * not compared: pass the whole new version or only the fields a form may change.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: Record<string, unknown>; after: Record<string, unknown> } {
  const was: Record<string, unknown> = {};
  const now: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined) continue;
    if (JSON.stringify(before[key] ?? null) !== JSON.stringify(value ?? null)) {
      was[key] = before[key] ?? null;
      now[key] = value ?? null;
    }
  }
  return { before: was, after: now };
}

/** The whole log's filters (the back office's audit page, decision 040). */
export interface AuditLogQuery {
  /** Part of a record's id or of an action. */
  q?: string | undefined;
  /** Actions starting with this (`staff.`, `order.cancel`). */
  action?: string | undefined;
  /** Part of the e-mail address of who did it. */
  actor?: string | undefined;
  entityType?: string | undefined;
  sort?: 'createdAt' | 'action' | undefined;
  dir: 'asc' | 'desc';
  page: number;
  pageSize: number;
}

export function auditService(db: Db) {
  const actor = alias(users, 'actor');
  const subject = alias(users, 'subject');
  const entries = (where: SQL | undefined, limit: number, offset = 0, order?: SQL[]) =>
    db
      .select({ entry: auditLog, actorEmail: actor.email, subjectEmail: subject.email })
      .from(auditLog)
      .leftJoin(actor, eq(actor.id, auditLog.actorId))
      .leftJoin(subject, eq(subject.id, auditLog.subjectId))
      .where(where)
      .orderBy(...(order ?? [desc(auditLog.createdAt), desc(auditLog.seq)]))
      .limit(limit)
      .offset(offset)
      .then((rows) =>
        rows.map((r) => ({
          id: r.entry.id,
          action: r.entry.action,
          actor: r.entry.actorId ? { _id: r.entry.actorId, email: r.actorEmail ?? '' } : null,
          subject: r.entry.subjectId ? { _id: r.entry.subjectId, email: r.subjectEmail ?? '' } : null,
          entityType: r.entry.entityType,
          entityId: r.entry.entityId,
          detail: r.entry.detail as Record<string, unknown>,
          ip: r.entry.ip,
          createdAt: r.entry.createdAt.toISOString(),
        })),
      );
  return {
    /** Writes one entry; pass `db` of a transaction as `tx` so the entry commits (or not) with the change. */
    async record(entry: AuditEntry, tx: Pick<Db, 'insert'> = db) {
      const detail: Record<string, unknown> = { ...(entry.detail ?? {}) };
      if (entry.before) detail.before = entry.before;
      if (entry.after) detail.after = entry.after;
      await tx.insert(auditLog).values({
        actorId: entry.actorId,
        subjectId: entry.subjectId ?? null,
        action: entry.action,
        entityType: entry.entity?.type ?? null,
        entityId: entry.entity?.id ?? null,
        detail,
        ip: entry.ip ?? null,
        // The statement's own time, not the transaction's: entries written together keep their order.
        createdAt: sql`clock_timestamp()`,
      });
    },
    /** The newest entries of the whole log. */
    list(limit = 100) {
      return entries(undefined, limit);
    },
    /** One record's trail, newest first. */
    forEntity(entity: AuditEntity, limit = 200) {
      return entries(and(eq(auditLog.entityType, entity.type), eq(auditLog.entityId, entity.id)), limit);
    },
    /** A page of the whole log, filtered, with how many entries match. */
    async page(query: AuditLogQuery) {
      const where = and(
        query.q
          ? or(ilike(auditLog.entityId, containsPattern(query.q)), ilike(auditLog.action, containsPattern(query.q)))
          : undefined,
        query.action ? like(auditLog.action, `${query.action.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
        query.actor
          ? sql`${auditLog.actorId} in (select ${users.id} from ${users} where ${ilike(users.email, containsPattern(query.actor))})`
          : undefined,
        query.entityType ? eq(auditLog.entityType, query.entityType) : undefined,
      );
      const order = orderOf(
        { createdAt: auditLog.createdAt, action: auditLog.action },
        query,
        'createdAt',
        auditLog.seq,
      );
      const { limit, offset } = windowOf(query);
      const [docs, [count]] = await Promise.all([
        entries(where, limit, offset, order),
        db.select({ total: countAll }).from(auditLog).where(where),
      ]);
      return { docs, total: count?.total ?? 0, page: query.page, pageSize: query.pageSize };
    },
  };
}
export type AuditService = ReturnType<typeof auditService>;
