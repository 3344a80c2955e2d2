// A model's customer-facing texts per language on its back-office page (decision 059): the language is chosen with a
// plain GET form (`?lang=`), the texts saved as the translator mode's overrides (empty: the built-in text).
import type { AdminModelTexts } from '@varg/contracts';
import { UI_LANGUAGES } from '@varg/domain';
import { Form, useNavigation } from 'react-router';
import type { TypedCalls } from '../../lib/api-call.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { useRootData } from '../../lib/use-locale.ts';
import { buttonClass } from '../../ui/button.ts';
import { Field, Select, TextArea } from '../../ui/field.tsx';

const LABELS = {
  name: 'admin_catalogue_option_name',
  tagline: 'admin_catalogue_texts_tagline',
  text: 'admin_catalogue_texts_text',
} as const;

/** The language asked for in the page's address, else the page's own. */
export function textsLanguage(url: URL, fallback: string): string {
  const lang = url.searchParams.get('lang') ?? '';
  return (UI_LANGUAGES as readonly string[]).includes(lang) ? lang : fallback;
}

/** Saves the texts of the form's language; a model without catalog texts has none to save. */
export async function saveTexts(api: TypedCalls, productId: string, form: FormData) {
  const lang = String(form.get('lang') ?? '');
  const field = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? { [name]: value.trim() } : {};
  };
  await api.call('putAdminCatalogueModelsByProductIdTextsByLang', {
    path: { productId, lang },
    body: { ...field('name'), ...field('tagline'), ...field('text') },
  });
}

export function ModelTexts({ texts }: { texts: AdminModelTexts }) {
  const { t } = useTranslation();
  const { languages } = useRootData();
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'texts';
  const nameOf = (lang: string) => languages.find((l) => l.code === lang)?.nativeName ?? lang;
  return (
    <section aria-labelledby="model-texts" className="flex flex-col gap-4">
      <h2 id="model-texts" className="text-lg font-semibold">
        {t('admin_catalogue_texts')}
      </h2>
      <p className="text-sm text-neutral-700">{t('admin_catalogue_texts_intro')}</p>
      <Form method="get" className="flex flex-wrap items-end gap-3" preventScrollReset>
        <Select label={t('admin_legal_language')} name="lang" defaultValue={texts.lang} key={texts.lang}>
          {UI_LANGUAGES.map((lang) => (
            <option key={lang} value={lang}>
              {nameOf(lang)}
            </option>
          ))}
        </Select>
        <button type="submit" className={buttonClass.secondary}>
          {t('dealer_orders_apply')}
        </button>
      </Form>
      <Form method="post" className="flex max-w-3xl flex-col gap-4" key={texts.lang} lang={texts.lang}>
        <input type="hidden" name="intent" value="texts" />
        <input type="hidden" name="lang" value={texts.lang} />
        {texts.texts.map((text) =>
          text.field === 'text' ? (
            <TextArea
              key={text.key}
              label={t(LABELS[text.field])}
              name={text.field}
              rows={3}
              maxLength={2000}
              defaultValue={text.override ?? ''}
              placeholder={text.catalog}
              hint={t('admin_catalogue_texts_builtin', { text: text.catalog })}
            />
          ) : (
            <Field
              key={text.key}
              label={t(LABELS[text.field])}
              name={text.field}
              maxLength={text.field === 'name' ? 120 : 200}
              defaultValue={text.override ?? ''}
              placeholder={text.catalog}
              hint={t('admin_catalogue_texts_builtin', { text: text.catalog })}
            />
          ),
        )}
        <div>
          <button type="submit" className={buttonClass.primary} disabled={saving}>
            {saving ? t('admin_catalogue_saving') : t('admin_catalogue_save')}
          </button>
        </div>
      </Form>
    </section>
  );
}
