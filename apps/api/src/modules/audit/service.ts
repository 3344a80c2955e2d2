import { auditLog, type Db, users } from '@varg/db';
import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

export interface AuditEntry {
  /** Who did it: the administrator when impersonating, else the user. */
  actorId: string | null;
  /** The user acted as, when impersonating. */
  subjectId?: string | null;
  action: string;
  detail?: Record<string, unknown>;
  ip?: string | null;
}

export function auditService(db: Db) {
  const actor = alias(users, 'actor');
  const subject = alias(users, 'subject');
  return {
    async record(entry: AuditEntry) {
      await db.insert(auditLog).values({
        actorId: entry.actorId,
        subjectId: entry.subjectId ?? null,
        action: entry.action,
        detail: entry.detail ?? {},
        ip: entry.ip ?? null,
      });
    },
    async list(limit = 100) {
      const rows = await db
        .select({ entry: auditLog, actorEmail: actor.email, subjectEmail: subject.email })
        .from(auditLog)
        .leftJoin(actor, eq(actor.id, auditLog.actorId))
        .leftJoin(subject, eq(subject.id, auditLog.subjectId))
        .orderBy(desc(auditLog.createdAt))
        .limit(limit);
      return rows.map((r) => ({
        id: r.entry.id,
        action: r.entry.action,
        actor: r.entry.actorId ? { _id: r.entry.actorId, email: r.actorEmail ?? '' } : null,
        subject: r.entry.subjectId ? { _id: r.entry.subjectId, email: r.subjectEmail ?? '' } : null,
        detail: r.entry.detail as Record<string, unknown>,
        ip: r.entry.ip,
        createdAt: r.entry.createdAt.toISOString(),
      }));
    },
  };
}
export type AuditService = ReturnType<typeof auditService>;
