import { LegalPublish } from '@varg/contracts';
import { localizedPath } from '@varg/domain';
import { data, type RouterContextProvider, redirect } from 'react-router';
import { isApiRequestError } from '../../lib/api.ts';
import { userApi } from '../../lib/auth.server.ts';
import { localeContext, servicesContext } from '../../lib/context.ts';
import { type FieldErrors, parseBody } from '../../lib/forms.server.ts';
import { legalDraftOf } from './legal-form.tsx';

/**
 * Publishes the posted version (checked with the API's own schema first) and opens it; a refused form comes back with
 * its errors and what was typed.
 */
export async function publishLegal(context: Readonly<RouterContextProvider>, request: Request) {
  const form = await request.formData();
  const draft = legalDraftOf(form);
  const parsed = parseBody(LegalPublish, draft);
  if (!parsed.ok) return data({ errors: parsed.errors, draft, message: null }, 400);
  try {
    const published = await userApi(context, request).call('postAdminLegal', { body: parsed.data });
    // This process's cached pages and public answers (the documents among them) are dropped at once.
    context.get(servicesContext).invalidatePublic();
    return redirect(localizedPath(context.get(localeContext), `/admin/legal/${published.id}?published=1`));
  } catch (error) {
    if (!isApiRequestError(error) || error.status >= 500) throw error;
    return data({ errors: {} as FieldErrors, draft, message: error.message }, error.status);
  }
}
