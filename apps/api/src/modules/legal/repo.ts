import { type Db, type LegalDocument, legalDocuments } from '@varg/db';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';

/** The legal documents' table (decision 047): versions are only ever added. */
export function legalRepo(db: Db) {
  return {
    /** The newest version of each (country, lang) pair asked for, for one kind. */
    newest(kind: string, pairs: { country: string; lang: string }[]): Promise<LegalDocument[]> {
      const countries = [...new Set(pairs.map((p) => p.country))];
      const langs = [...new Set(pairs.map((p) => p.lang))];
      return db
        .selectDistinctOn([legalDocuments.country, legalDocuments.lang])
        .from(legalDocuments)
        .where(
          and(
            eq(legalDocuments.kind, kind),
            inArray(legalDocuments.country, countries),
            inArray(legalDocuments.lang, langs),
          ),
        )
        .orderBy(legalDocuments.country, legalDocuments.lang, desc(legalDocuments.version));
    },
    /** The newest version of every document (kind, country, lang), for the back office. */
    current(): Promise<LegalDocument[]> {
      return db
        .selectDistinctOn([legalDocuments.kind, legalDocuments.country, legalDocuments.lang])
        .from(legalDocuments)
        .orderBy(legalDocuments.kind, legalDocuments.country, legalDocuments.lang, desc(legalDocuments.version));
    },
    versions(doc: { kind: string; country: string; lang: string }): Promise<LegalDocument[]> {
      return db
        .select()
        .from(legalDocuments)
        .where(
          and(
            eq(legalDocuments.kind, doc.kind),
            eq(legalDocuments.country, doc.country),
            eq(legalDocuments.lang, doc.lang),
          ),
        )
        .orderBy(desc(legalDocuments.version));
    },
    async byId(id: string): Promise<LegalDocument | null> {
      const [row] = await db.select().from(legalDocuments).where(eq(legalDocuments.id, id));
      return row ?? null;
    },
    /** Adds the next version; a concurrent publish of the same document gets the one after (the unique index). */
    publish(
      values: { kind: string; country: string; lang: string; title: string; body: string; publishedBy: string | null },
      alongside: (row: LegalDocument, tx: Db) => Promise<void>,
    ): Promise<LegalDocument> {
      return db.transaction(async (tx) => {
        // One publisher at a time per document: the advisory lock serialises the version numbers.
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext(${`${values.kind}/${values.country}/${values.lang}`}))`,
        );
        const [last] = await tx
          .select({ version: legalDocuments.version })
          .from(legalDocuments)
          .where(
            and(
              eq(legalDocuments.kind, values.kind),
              eq(legalDocuments.country, values.country),
              eq(legalDocuments.lang, values.lang),
            ),
          )
          .orderBy(desc(legalDocuments.version))
          .limit(1);
        const [row] = await tx
          .insert(legalDocuments)
          .values({ ...values, version: (last?.version ?? 0) + 1 })
          .returning();
        if (!row) throw new Error('insert returned nothing');
        await alongside(row, tx as unknown as Db);
        return row;
      });
    },
  };
}
export type LegalRepo = ReturnType<typeof legalRepo>;
