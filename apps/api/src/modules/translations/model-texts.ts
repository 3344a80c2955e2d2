import {
  AdminModelParams,
  AdminModelTexts,
  AdminModelTextsBody,
  ErrorEnvelope,
  MODEL_TEXT_FIELDS,
} from '@varg/contracts';
import { type Db, translationOverrides } from '@varg/db';
import { isUiLanguage, type UiLanguage } from '@varg/domain';
import { messagesFor } from '@varg/i18n/server';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError } from '../../lib/api-error.ts';
import type { AuditService } from '../audit/service.ts';
import type { Guards } from '../identity/auth.ts';

const Params = AdminModelParams.extend({
  lang: z.string().refine(isUiLanguage, 'validation_option'),
});
const errors = { 400: ErrorEnvelope, 401: ErrorEnvelope, 403: ErrorEnvelope, 404: ErrorEnvelope };

/** The catalog keys of a model's customer-facing texts: `model_<slug>_name|tagline|text` (slug: `-` as `_`). */
export function modelTextKeys(productId: string) {
  const slug = productId.replace(/-/g, '_');
  const known = messagesFor('en-us');
  return MODEL_TEXT_FIELDS.map((field) => ({ field, key: `model_${slug}_${field}` })).filter(({ key }) => key in known);
}

/**
 * A model's texts per language (issue 24 item 2, decision 059), edited on the model's back-office page by
 * administrators: saved as the translator mode's overrides (`translation_overrides`), so the shop merges them over the
 * built-in catalog as it does a translator's; audited on the model; `changed` drops every process's page caches.
 */
export const modelTextRoutes: FastifyPluginAsyncZod<{
  db: Db;
  guards: Guards;
  audit: Pick<AuditService, 'record'>;
  changed: (what: string) => Promise<void>;
}> = async (app, { db, guards, audit, changed }) => {
  const preHandler = guards.requireRole('admin');

  async function texts(productId: string, lang: string): Promise<AdminModelTexts> {
    const keys = modelTextKeys(productId);
    if (!keys.length) throw new ApiError('MODEL_TEXTS_UNKNOWN');
    const rows = await db
      .select()
      .from(translationOverrides)
      .where(
        and(
          eq(translationOverrides.lang, lang),
          inArray(
            translationOverrides.key,
            keys.map((k) => k.key),
          ),
        ),
      );
    const saved = new Map(rows.map((r) => [r.key, r.value]));
    const catalog = messagesFor(lang as UiLanguage);
    return {
      lang,
      texts: keys.map(({ field, key }) => ({
        field,
        key,
        catalog: catalog[key] ?? '',
        override: saved.get(key) ?? null,
      })),
    };
  }

  app.get(
    '/admin/catalogue/models/:productId/texts/:lang',
    {
      schema: {
        tags: ['admin-catalogue'],
        summary: "A model's customer-facing texts in one language",
        description:
          'The name, tagline and text of the model: the built-in catalog’s and the saved override (the translator mode’s, decision 059). 404 MODEL_TEXTS_UNKNOWN for a model without catalog texts.',
        params: Params,
        response: { 200: AdminModelTexts, ...errors },
      },
      preHandler,
    },
    async (request) => texts(request.params.productId, request.params.lang),
  );

  app.put(
    '/admin/catalogue/models/:productId/texts/:lang',
    {
      schema: {
        tags: ['admin-catalogue'],
        summary: "Save a model's texts in one language",
        description:
          'Each field given: a text saved over the catalog’s (the translator mode’s overrides), or empty to go back to the catalog’s; fields left out stay. A text equal to the catalog’s is not saved as an override. 404 MODEL_TEXTS_UNKNOWN for a model without catalog texts. Audited on the model (`catalog.model_texts`); the shop shows it at once.',
        params: Params,
        body: AdminModelTextsBody,
        response: { 200: AdminModelTexts, ...errors },
      },
      preHandler,
    },
    async (request) => {
      const { productId, lang } = request.params;
      const current = await texts(productId, lang);
      // biome-ignore lint/style/noNonNullAssertion: the admin guard ran
      const userId = request.auth!.userId;
      const before: Record<string, string | null> = {};
      const after: Record<string, string | null> = {};
      await db.transaction(async (tx) => {
        for (const text of current.texts) {
          const given = request.body[text.field];
          if (given === undefined) continue;
          const value = given === '' || given === text.catalog ? null : given;
          if (value === text.override) continue;
          before[text.field] = text.override;
          after[text.field] = value;
          const where = and(eq(translationOverrides.lang, lang), eq(translationOverrides.key, text.key));
          if (value === null) await tx.delete(translationOverrides).where(where);
          else
            await tx
              .insert(translationOverrides)
              .values({ lang, key: text.key, value, updatedBy: userId })
              .onConflictDoUpdate({
                target: [translationOverrides.lang, translationOverrides.key],
                set: { value, updatedBy: userId, updatedAt: new Date() },
              });
        }
        if (Object.keys(after).length === 0) return;
        await audit.record(
          {
            actorId: userId,
            ip: request.ip,
            action: 'catalog.model_texts',
            entity: { type: 'model', id: productId },
            before,
            after,
            detail: { lang },
          },
          tx,
        );
      });
      if (Object.keys(after).length) await changed(`texts:${productId}:${lang}`);
      return texts(productId, lang);
    },
  );
};
