import { LEGAL_KINDS, LegalPublish } from '@varg/contracts';
import type { Db } from '@varg/db';
import { auditService } from '../modules/audit/service.ts';
import { legalRepo } from '../modules/legal/repo.ts';

export class LegalPublishError extends Error {}

export interface PublishedLegalDocument {
  kind: string;
  country: string;
  lang: string;
  version: number;
  title: string;
}

/**
 * `npm run legal:publish -- KIND COUNTRY LANG FILE` (decision 047): publishes the legal entity's own text as the next
 * version of a legal document, before the first production start (which refuses while the seeded sample texts are
 * current). The file's first line `# Title` is the title, the rest the body. Recorded in the audit log with no actor.
 */
export async function publishLegalDocument(
  db: Db,
  input: { kind: string; country: string; lang: string; text: string },
): Promise<PublishedLegalDocument> {
  const [first = '', ...rest] = input.text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const heading = /^#\s+(.+)$/.exec(first.trim());
  if (!heading) throw new LegalPublishError('the file must start with a line `# Title`');
  const parsed = LegalPublish.safeParse({
    kind: input.kind,
    country: input.country,
    lang: input.lang,
    title: heading[1],
    body: rest.join('\n'),
  });
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    const field = String(issue?.path[0] ?? 'file');
    const allowed = field === 'kind' ? ` (one of ${LEGAL_KINDS.join(', ')})` : '';
    throw new LegalPublishError(`${field}: ${issue?.message ?? 'invalid'}${allowed}`);
  }
  const audit = auditService(db);
  const row = await legalRepo(db).publish({ ...parsed.data, publishedBy: null }, (created, tx) =>
    audit.record(
      {
        actorId: null,
        action: 'legal.published_by_command',
        entity: { type: 'legal', id: `${created.kind}/${created.country}/${created.lang}` },
        after: { version: created.version, title: created.title, id: created.id },
      },
      tx,
    ),
  );
  return { kind: row.kind, country: row.country, lang: row.lang, version: row.version, title: row.title };
}
