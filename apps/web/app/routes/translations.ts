import { data } from 'react-router';
import { isApiRequestError } from '../lib/api.ts';
import { userApi } from '../lib/auth.server.ts';
import { localeContext, servicesContext } from '../lib/context.ts';
import { guarded } from '../lib/guards.server.ts';
import type { Route } from './+types/translations';

/** Translator mode: saves or reverts one text of the current language, then drops this process's cached pages. */
export const action = guarded(['translator'], async ({ request, context }: Route.ActionArgs) => {
  const form = await request.formData();
  const key = String(form.get('key') ?? '');
  const { lang } = context.get(localeContext);
  const api = userApi(context, request);
  const path = { lang, key };
  try {
    if (form.get('intent') === 'revert') await api.call('deleteTranslationsByLangByKey', { path });
    else await api.call('putTranslationsByLangByKey', { path, body: { value: String(form.get('value') ?? '') } });
    context.get(servicesContext).invalidatePublic();
    return data({ ok: true as const, intent: form.get('intent') === 'revert' ? 'revert' : 'save', error: null });
  } catch (error) {
    if (!isApiRequestError(error)) throw error;
    return data({ ok: false as const, intent: null, error: error.message }, { status: error.status });
  }
});
