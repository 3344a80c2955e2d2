import { auditLog, legalDocuments, sampleLegalDocuments } from '@varg/db';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useApi } from '../../test/helper.ts';
import { LegalPublishError, publishLegalDocument } from './legal-publish.ts';

// `npm run legal:publish` (decision 047): the legal entity's own texts replace the seeded samples before a production
// start, which refuses while a sample terms of sale, privacy policy or imprint is current.

const ctx = useApi({ config: { demo: false, devMailbox: 'off' } });
const TERMS = '# Terms of sale of Example Motors GmbH\n\n## Scope\nThese terms apply to every order.\n';

describe('legal:publish', () => {
  it('publishes the next version with the first line as title, audited, and the sample is no longer current', async () => {
    const { db } = ctx.database;
    expect(await sampleLegalDocuments(ctx.database)).toContain('sale * en-us');
    const doc = await publishLegalDocument(db, { kind: 'sale', country: '*', lang: 'en-us', text: TERMS });
    expect(doc).toEqual({
      kind: 'sale',
      country: '*',
      lang: 'en-us',
      version: 2,
      title: 'Terms of sale of Example Motors GmbH',
    });
    const [row] = await db
      .select()
      .from(legalDocuments)
      .where(and(eq(legalDocuments.kind, 'sale'), eq(legalDocuments.lang, 'en-us')))
      .orderBy(desc(legalDocuments.version))
      .limit(1);
    expect(row?.body).toBe('## Scope\nThese terms apply to every order.');
    const samples = await sampleLegalDocuments(ctx.database);
    expect(samples).not.toContain('sale * en-us');
    expect(samples).toEqual(expect.arrayContaining(['sale * fr', 'privacy * en-us', 'imprint * en-us']));
    expect(samples.some((s) => s.startsWith('cookies'))).toBe(false);
    const [entry] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'legal.published_by_command'))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(entry).toMatchObject({ actorId: null, entityType: 'legal', entityId: 'sale/*/en-us' });
  });

  it('counts a document as a sample by its text: the sample published again as a new version still is one', async () => {
    const { db } = ctx.database;
    const [imprint] = await db
      .select()
      .from(legalDocuments)
      .where(and(eq(legalDocuments.kind, 'imprint'), eq(legalDocuments.version, 1)));
    if (!imprint) throw new Error('no seeded imprint');
    const copy = await publishLegalDocument(db, {
      kind: 'imprint',
      country: 'AT',
      lang: 'de',
      text: `# Impressum\n\n${imprint.body}`,
    });
    expect(copy.version).toBe(1);
    expect(await sampleLegalDocuments(ctx.database)).toContain('imprint AT de');
    await publishLegalDocument(db, { kind: 'imprint', country: 'AT', lang: 'de', text: '# Impressum\n\nExample GmbH' });
    expect(await sampleLegalDocuments(ctx.database)).not.toContain('imprint AT de');
  });

  it('still counts a sample seeded before its American rewording (“e-mail”, card “expiry”) as one', async () => {
    const { db } = ctx.database;
    const [privacy] = await db
      .select()
      .from(legalDocuments)
      .where(and(eq(legalDocuments.kind, 'privacy'), eq(legalDocuments.lang, 'en-us'), eq(legalDocuments.version, 1)));
    if (!privacy) throw new Error('no seeded privacy policy');
    const earlier = privacy.body.replaceAll('email', 'e-mail').replace('expiration date', 'expiry');
    expect(earlier).not.toBe(privacy.body);
    await publishLegalDocument(db, { kind: 'privacy', country: 'US', lang: 'en-us', text: `# Privacy\n\n${earlier}` });
    expect(await sampleLegalDocuments(ctx.database)).toContain('privacy US en-us');
  });

  it('refuses a file without a title line, an unknown kind, a lower-case country and an unknown language', async () => {
    const { db } = ctx.database;
    const before = await db.select().from(legalDocuments);
    const cases = [
      [{ kind: 'sale', country: '*', lang: 'en-us', text: 'Terms\n\nbody' }, /# Title/],
      [
        { kind: 'warranty', country: '*', lang: 'en-us', text: TERMS },
        /^kind: .*one of sale, privacy, cookies, imprint/,
      ],
      [{ kind: 'sale', country: 'de', lang: 'de', text: TERMS }, /^country: /],
      [{ kind: 'sale', country: 'DE', lang: 'xx', text: TERMS }, /^lang: /],
      [{ kind: 'imprint', country: '*', lang: 'en-us', text: '# Legal notice\n\n   \n' }, /^body: /],
    ] as const;
    for (const [input, message] of cases) {
      const error = await publishLegalDocument(db, input).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(LegalPublishError);
      expect((error as Error).message).toMatch(message);
    }
    expect(await db.select().from(legalDocuments)).toHaveLength(before.length);
  });
});
