import { ErrorEnvelope } from '@varg/contracts';
import { type Db, translationOverrides } from '@varg/db';
import { isUiLanguage } from '@varg/domain';
import { messagesFor } from '@varg/i18n/server';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../lib/api-error.ts';
import { errorResponses } from '../../lib/route-responses.ts';
import type { AuditService } from '../audit/service.ts';
import type { Guards } from '../identity/auth.ts';

const LangParams = z.object({
  lang: z.string().refine(isUiLanguage, 'validation_option'),
});
const KeyParams = LangParams.extend({ key: z.string().regex(/^[a-z0-9_]{1,100}$/) });
const Overrides = z
  .object({ lang: z.string(), overrides: z.record(z.string(), z.string()) })
  .meta({ id: 'TranslationOverrides' });
const errors = errorResponses(400, 401, 403, 404);

/** Translator mode (spec section 6): values saved over the catalogs, served to every visitor. */
export const translationRoutes: FastifyPluginAsyncZod<{ db: Db; guards: Guards; audit: AuditService }> = async (
  app,
  { db, guards, audit },
) => {
  const translator = guards.requireRole('translator');

  async function overridesOf(lang: string) {
    const rows = await db.select().from(translationOverrides).where(eq(translationOverrides.lang, lang));
    return Object.fromEntries(rows.map((r) => [r.key, r.value]));
  }

  app.get(
    '/translations/:lang',
    {
      schema: {
        tags: ['translations'],
        summary: "A language's saved overrides",
        description: 'Public. Pages merge these over the built-in catalog; cached for 5 seconds.',
        params: LangParams,
        response: { 200: Overrides, 400: ErrorEnvelope },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'public, max-age=5');
      return { lang: request.params.lang, overrides: await overridesOf(request.params.lang) };
    },
  );

  app.put(
    '/translations/:lang/:key',
    {
      schema: {
        tags: ['translations'],
        summary: 'Save a text (translators)',
        params: KeyParams,
        body: z.object({ value: z.string().trim().min(1).max(2000) }),
        response: { 200: Overrides, ...errors },
      },
      preHandler: translator,
    },
    async (request) => {
      const { lang, key } = request.params;
      // The language's own keys: a plural form it has (pl: `_few`), not one it lacks.
      if (!(key in messagesFor(lang))) throw new ApiError('TRANSLATION_KEY_UNKNOWN');
      // biome-ignore lint/style/noNonNullAssertion: the translator guard ran
      const auth = request.auth!;
      await db
        .insert(translationOverrides)
        .values({ lang, key, value: request.body.value, updatedBy: auth.userId })
        .onConflictDoUpdate({
          target: [translationOverrides.lang, translationOverrides.key],
          set: { value: request.body.value, updatedBy: auth.userId, updatedAt: new Date() },
        });
      await audit.record({
        actorId: auth.userId,
        action: 'translation.saved',
        detail: { lang, key, value: request.body.value },
        ip: request.ip,
      });
      return { lang, overrides: await overridesOf(lang) };
    },
  );

  app.delete(
    '/translations/:lang/:key',
    {
      schema: {
        tags: ['translations'],
        summary: 'Revert a text to the catalog (translators)',
        params: KeyParams,
        response: { 200: Overrides, ...errors },
      },
      preHandler: translator,
    },
    async (request) => {
      const { lang, key } = request.params;
      const removed = await db
        .delete(translationOverrides)
        .where(and(eq(translationOverrides.lang, lang), eq(translationOverrides.key, key)))
        .returning({ key: translationOverrides.key });
      // As for saving: a key the catalogs do not have is a 404 (it was audited as reverted); an override left from a
      // key the catalogs dropped can still be reverted.
      if (!removed.length && !(key in messagesFor('en-us'))) throw new ApiError('TRANSLATION_KEY_UNKNOWN');
      await audit.record({
        actorId: request.auth?.userId ?? null,
        action: 'translation.reverted',
        detail: { lang, key },
        ip: request.ip,
      });
      return { lang, overrides: await overridesOf(lang) };
    },
  );
};
