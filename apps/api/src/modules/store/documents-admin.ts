import { randomUUID } from 'node:crypto';
import type { AdminDocument, AdminDocumentInput, AdminDocumentsQuery, BikeModel } from '@varg/contracts';
import { type Db, technicalDocuments } from '@varg/db';
import { asc, eq, ilike, or, sql } from 'drizzle-orm';
import { containsPattern, countAll, orderOf, windowOf } from '../../lib/admin-list.ts';
import { ApiError } from '../../lib/api-error.ts';
import type { StorageProvider } from '../../providers/storage/interface.ts';
import type { AuditService } from '../audit/service.ts';
import { changedFields } from '../audit/service.ts';

type Actor = { userId: string; ip: string };
type Row = typeof technicalDocuments.$inferSelect;

/** An uploaded technical document may be this large: the web accepts uploads up to 11 MB (decision 029). */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

/** The public address of a document's file: the uploaded PDF, else the one drawn from its text. */
export const documentFileUrl = (id: string) => `/v1/technical-documents/${id}/file`;

const toAdmin = (row: Row): AdminDocument => ({
  id: row.id,
  name: row.name,
  nameKey: row.nameKey,
  code: row.code,
  model: row.model as BikeModel | null,
  videoUrl: row.videoUrl,
  printable: row.content !== null,
  upload: row.uploadKey ? { size: row.uploadSize ?? 0 } : null,
  retired: row.retiredAt !== null,
});

/**
 * Technical documents in the back office (decision 060): create, edit, retire (no longer listed) and upload a PDF,
 * checked by its content (`%PDF-`) and stored with the storage provider; the public file serves it instead of the
 * PDF drawn from the document's text. Audited as `document`.
 */
export function documentsAdmin(deps: { db: Db; audit: Pick<AuditService, 'record'>; storage: StorageProvider }) {
  const { db, audit } = deps;

  async function get(id: string) {
    const [row] = await db.select().from(technicalDocuments).where(eq(technicalDocuments.id, id)).limit(1);
    if (!row) throw new ApiError('TECHNICAL_DOCUMENT_NOT_FOUND');
    return toAdmin(row);
  }

  async function change(actor: Actor, id: string, action: string, set: Partial<Row>, shown: Record<string, unknown>) {
    await db.transaction(async (tx) => {
      const [row] = await tx.select().from(technicalDocuments).where(eq(technicalDocuments.id, id)).for('update');
      if (!row) throw new ApiError('TECHNICAL_DOCUMENT_NOT_FOUND');
      await tx.update(technicalDocuments).set(set).where(eq(technicalDocuments.id, id));
      const was = toAdmin(row) as unknown as Record<string, unknown>;
      await audit.record(
        { actorId: actor.userId, action, ip: actor.ip, entity: { type: 'document', id }, ...changedFields(was, shown) },
        tx,
      );
    });
    return get(id);
  }

  return {
    get,
    async list(query: AdminDocumentsQuery) {
      const pattern = query.q ? containsPattern(query.q) : null;
      const where = pattern
        ? or(ilike(technicalDocuments.name, pattern), ilike(technicalDocuments.code, pattern))
        : undefined;
      const order = orderOf(
        { code: technicalDocuments.code, name: technicalDocuments.name },
        { sort: query.sort, dir: query.sort ? query.dir : 'asc' },
        'code',
        technicalDocuments.id,
      );
      const { limit, offset } = windowOf(query);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(technicalDocuments)
          .where(where)
          .orderBy(...order, asc(technicalDocuments.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: countAll }).from(technicalDocuments).where(where),
      ]);
      return { docs: rows.map(toAdmin), total: total?.n ?? 0, page: query.page, pageSize: query.pageSize };
    },

    /** A new document: listed at once; it has a file once a PDF is uploaded. */
    async create(actor: Actor, input: AdminDocumentInput) {
      const id = `TD-${randomUUID().slice(0, 8)}`;
      await db.transaction(async (tx) => {
        const [last] = await tx
          .select({ sort: sql<number>`coalesce(max(${technicalDocuments.sort}), 0)`.mapWith(Number) })
          .from(technicalDocuments);
        await tx.insert(technicalDocuments).values({
          id,
          name: input.name,
          code: input.code,
          model: input.model,
          videoUrl: input.videoUrl,
          sort: (last?.sort ?? 0) + 10,
        });
        await audit.record(
          {
            actorId: actor.userId,
            action: 'document.create',
            ip: actor.ip,
            entity: { type: 'document', id },
            after: input,
          },
          tx,
        );
      });
      return get(id);
    },

    update: (actor: Actor, id: string, input: AdminDocumentInput) =>
      change(actor, id, 'document.update', input, { ...input }),
    retire: (actor: Actor, id: string) =>
      change(actor, id, 'document.retire', { retiredAt: new Date() }, { retired: true }),
    restore: (actor: Actor, id: string) =>
      change(actor, id, 'document.restore', { retiredAt: null }, { retired: false }),

    /** A PDF for the document (by its content, at most 10 MB); the previous upload's file is deleted after. */
    async upload(actor: Actor, id: string, base64: string) {
      const bytes = Buffer.from(base64, 'base64');
      if (bytes.length > DOCUMENT_MAX_BYTES) throw new ApiError('DOCUMENT_TOO_LARGE');
      if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') throw new ApiError('DOCUMENT_NOT_PDF');
      await get(id);
      const [row] = await db
        .select({ key: technicalDocuments.uploadKey })
        .from(technicalDocuments)
        .where(eq(technicalDocuments.id, id));
      const key = `technical-documents/${id}/${randomUUID()}.pdf`;
      await deps.storage.put(key, bytes, 'application/pdf');
      const after = await change(
        actor,
        id,
        'document.upload',
        { uploadKey: key, uploadSize: bytes.length, fileKey: key, fileUrl: documentFileUrl(id) },
        { upload: { size: bytes.length } },
      );
      if (row?.key) await deps.storage.delete(row.key).catch(() => undefined);
      return after;
    },
  };
}
export type DocumentsAdmin = ReturnType<typeof documentsAdmin>;
