import { BIKE_MODELS, localizedPath } from '@varg/domain';
import { data, Form, redirect, useActionData, useLoaderData, useNavigation, useSearchParams } from 'react-router';
import { AuditTrail } from '../features/admin/audit-trail.tsx';
import { refusal, valuesOf } from '../features/admin/catalogue.ts';
import { DocumentUpload } from '../features/admin/documents/document-upload.tsx';
import { RecordHeader } from '../features/admin/record-header.tsx';
import { userApi } from '../lib/auth.server.ts';
import { localeContext } from '../lib/context.ts';
import { guarded } from '../lib/guards.server.ts';
import { useTranslation } from '../lib/i18n.ts';
import { pageMeta } from '../lib/page.ts';
import { buttonClass } from '../ui/button.ts';
import { Field, FormMessage, Select } from '../ui/field.tsx';
import type { Route } from './+types/admin-document';

// A technical document in the back office (decision 060): a new one at `/admin/documents/new`; else its name, code,
// model and video link, its PDF (upload with progress), retiring it, and its history.

export const meta: Route.MetaFunction = ({ matches, location }) =>
  pageMeta(matches, location.pathname, 'admin_documents_title');

const isNew = (id: string) => id === 'new';

export const loader = guarded(['admin'], async ({ context, request, params }: Route.LoaderArgs) => {
  if (isNew(params.id)) return { doc: null, trail: [] };
  const api = userApi(context, request);
  const [doc, trail] = await Promise.all([
    api.call('getAdminTechnicalDocumentsById', { path: { id: params.id } }),
    api.call('getAdminAuditByEntityTypeByEntityId', { path: { entityType: 'document', entityId: params.id } }),
  ]);
  return { doc, trail: trail.docs };
});

export const action = guarded(['admin'], async ({ context, request, params }: Route.ActionArgs) => {
  const api = userApi(context, request);
  const form = await request.formData();
  const values = valuesOf(form);
  const intent = String(form.get('intent'));
  try {
    if (intent === 'retire' || intent === 'restore') {
      const call =
        intent === 'retire' ? 'postAdminTechnicalDocumentsByIdRetire' : 'postAdminTechnicalDocumentsByIdRestore';
      await api.call(call, { path: { id: params.id } });
      return { ok: true as const, error: null, values: {} as Record<string, string> };
    }
    const model = String(form.get('model') ?? '');
    const video = String(form.get('videoUrl') ?? '').trim();
    const body = {
      name: String(form.get('name') ?? ''),
      code: String(form.get('code') ?? '')
        .trim()
        .toUpperCase(),
      model: BIKE_MODELS.includes(model as never) ? (model as (typeof BIKE_MODELS)[number]) : null,
      videoUrl: video || null,
    };
    if (isNew(params.id)) {
      const doc = await api.call('postAdminTechnicalDocuments', { body });
      return redirect(localizedPath(context.get(localeContext), `/admin/documents/${doc.id}?created=1`));
    }
    await api.call('putAdminTechnicalDocumentsById', { path: { id: params.id }, body });
    return { ok: true as const, error: null, values: {} as Record<string, string> };
  } catch (error) {
    const refused = refusal(error, values, intent);
    return data(refused.data, refused.init ?? undefined);
  }
});

export default function AdminDocument() {
  const { t } = useTranslation();
  const { doc, trail } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const [search] = useSearchParams();
  const saving = useNavigation().state === 'submitting';
  const kept = result && !result.ok ? result.values : null;
  return (
    <div className="flex flex-col gap-8">
      <RecordHeader
        back="/admin/documents"
        backLabel={t('admin_documents_title')}
        title={
          doc ? (doc.nameKey && t(doc.nameKey) !== doc.nameKey ? t(doc.nameKey) : doc.name) : t('admin_documents_new')
        }
      >
        {doc && (
          <p className="text-neutral-700">
            <code>{doc.code}</code>
            {doc.retired && ` · ${t('admin_parts_retired')}`}
          </p>
        )}
      </RecordHeader>
      {(result?.ok || (search.get('created') && !result)) && (
        <FormMessage tone="success">{t('admin_catalogue_saved')}</FormMessage>
      )}
      {result && !result.ok && result.error && <FormMessage tone="error">{result.error}</FormMessage>}
      <Form method="post" className="flex max-w-xl flex-col gap-4" aria-busy={saving}>
        <input type="hidden" name="intent" value="save" />
        <Field
          label={t('admin_parts_name')}
          name="name"
          required
          minLength={2}
          maxLength={160}
          defaultValue={kept?.name ?? doc?.name ?? ''}
        />
        <Field
          label={t('admin_documents_code')}
          hint={t('admin_documents_code_hint')}
          name="code"
          required
          maxLength={32}
          defaultValue={kept?.code ?? doc?.code ?? ''}
        />
        <Select label={t('admin_documents_model')} name="model" defaultValue={kept?.model ?? doc?.model ?? ''}>
          <option value="">{t('admin_parts_fits_all')}</option>
          {BIKE_MODELS.map((model) => (
            <option key={model} value={model}>
              {t(`model_${model.replace(/-/g, '_')}_name`)}
            </option>
          ))}
        </Select>
        <Field
          label={t('admin_documents_video')}
          hint={t('admin_documents_video_hint')}
          name="videoUrl"
          type="url"
          defaultValue={kept?.videoUrl ?? doc?.videoUrl ?? ''}
        />
        <div>
          <button type="submit" className={buttonClass.primary} disabled={saving}>
            {doc ? t('admin_catalogue_save') : t('admin_documents_create')}
          </button>
        </div>
      </Form>
      {doc && <DocumentUpload id={doc.id} upload={doc.upload} />}
      {doc && (
        <Form method="post" className="flex max-w-3xl flex-col gap-3">
          <h2 className="text-xl font-semibold">
            {t(doc.retired ? 'admin_documents_restore_title' : 'admin_documents_retire_title')}
          </h2>
          <input type="hidden" name="intent" value={doc.retired ? 'restore' : 'retire'} />
          <div>
            <button type="submit" className={buttonClass.secondary} disabled={saving}>
              {t(doc.retired ? 'admin_documents_restore' : 'admin_documents_retire')}
            </button>
          </div>
        </Form>
      )}
      {doc && <AuditTrail entries={trail} />}
    </div>
  );
}
