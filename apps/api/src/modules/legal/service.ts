import type { LegalDocumentView, LegalKind, LegalPublish } from '@varg/contracts';
import type { LegalDocument } from '@varg/db';
import { DEFAULT_LOCALE } from '@varg/domain';
import { ApiError } from '../../lib/api-error.ts';
import { readCache } from '../../lib/read-cache.ts';
import type { AuditService } from '../audit/service.ts';
import type { LegalRepo } from './repo.ts';

/** The default document of every market without its own. */
export const EVERY_MARKET = '*';

export function viewOf(row: LegalDocument): LegalDocumentView {
  return {
    id: row.id,
    kind: row.kind as LegalKind,
    country: row.country,
    lang: row.lang,
    version: row.version,
    title: row.title,
    body: row.body,
    publishedAt: row.publishedAt.toISOString(),
  };
}

/**
 * Which text a visitor of a market reads, most specific first: the market's own in their language, the default in
 * their language, the market's own in English, the default in English.
 */
export function candidatesFor(country: string, lang: string): { country: string; lang: string }[] {
  const english = DEFAULT_LOCALE.lang;
  const list = [
    { country, lang },
    { country: EVERY_MARKET, lang },
    { country, lang: english },
    { country: EVERY_MARKET, lang: english },
  ];
  return list.filter((c, i) => list.findIndex((o) => o.country === c.country && o.lang === c.lang) === i);
}

/** The narrow read the checkout needs: which terms of sale a buyer of this market and language accepts now. */
export interface TermsOfSale {
  currentTermsId(country: string, lang: string): Promise<string | null>;
}

/** Legal documents (decision 047): what a visitor reads, and the back office's new versions, audited. */
export function legalService(deps: { repo: LegalRepo; audit: AuditService; cacheTtlMs: number }) {
  const { repo, audit } = deps;
  let cache = readCache(deps.cacheTtlMs);
  const read = (kind: LegalKind, country: string, lang: string) =>
    cache(`${kind}/${country}/${lang}`, async () => {
      const candidates = candidatesFor(country, lang);
      const rows = await repo.newest(kind, candidates);
      for (const c of candidates) {
        const row = rows.find((r) => r.country === c.country && r.lang === c.lang);
        if (row) return row;
      }
      return null;
    });
  return {
    async document(kind: LegalKind, country: string, lang: string): Promise<LegalDocumentView> {
      const row = await read(kind, country, lang);
      if (!row) throw new ApiError('LEGAL_DOCUMENT_NOT_FOUND');
      return viewOf(row);
    },
    async currentTermsId(country: string, lang: string): Promise<string | null> {
      return (await read('sale', country, lang))?.id ?? null;
    },
    async current(): Promise<LegalDocumentView[]> {
      return (await repo.current()).map(viewOf);
    },
    async version(id: string): Promise<{ document: LegalDocumentView; versions: LegalDocumentView[] }> {
      const row = await repo.byId(id);
      if (!row) throw new ApiError('LEGAL_DOCUMENT_NOT_FOUND');
      return { document: viewOf(row), versions: (await repo.versions(row)).map(viewOf) };
    },
    async publish(input: LegalPublish, actor: { userId: string; ip: string }): Promise<LegalDocumentView> {
      const row = await repo.publish({ ...input, publishedBy: actor.userId }, async (created, tx) => {
        await audit.record(
          {
            actorId: actor.userId,
            action: 'legal.publish',
            entity: { type: 'legal', id: `${created.kind}/${created.country}/${created.lang}` },
            after: { version: created.version, title: created.title, id: created.id },
            ip: actor.ip,
          },
          tx,
        );
      });
      cache = readCache(deps.cacheTtlMs);
      return viewOf(row);
    },
  };
}
export type LegalService = ReturnType<typeof legalService>;
