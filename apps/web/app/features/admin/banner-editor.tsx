import type { Banner } from '@varg/contracts';
import { UI_LANGUAGES } from '@varg/domain';
import { Form, useNavigation } from 'react-router';
import type { FieldErrors } from '../../lib/forms.server.ts';
import { countryName, useTranslation } from '../../lib/i18n.ts';
import { useLocale, useRootData } from '../../lib/use-locale.ts';
import { buttonClass } from '../../ui/button.ts';
import { Field, Select, TextArea } from '../../ui/field.tsx';
import { localFieldOf } from './banner-form.ts';

/** What the form shows: the saved banner, or what was typed when the save was refused. */
export interface BannerDraft {
  tone: string;
  texts: Record<string, string>;
  linkUrl: string | null;
  countries: string[];
  languages: string[];
  startsAt: string;
  endsAt: string | null;
  active: boolean;
}

export function draftOf(banner: Banner | null): BannerDraft {
  return banner
    ? banner
    : {
        tone: 'info',
        texts: {},
        linkUrl: null,
        countries: [],
        languages: [],
        startsAt: new Date().toISOString(),
        endsAt: null,
        active: true,
      };
}

/** Typed values back from a refused form, so nothing typed is lost. */
export function draftFromForm(form: FormData): BannerDraft {
  const text = (name: string) => String(form.get(name) ?? '');
  return {
    tone: text('tone'),
    texts: Object.fromEntries(UI_LANGUAGES.map((lang) => [lang, text(`text_${lang}`)])),
    linkUrl: text('linkUrl'),
    countries: form.getAll('countries').map(String),
    languages: form.getAll('languages').map(String),
    startsAt: text('startsAt'),
    endsAt: text('endsAt') || null,
    active: form.get('active') === 'on',
  };
}

/** The banner form: texts per language (English required), where, when, tone and link. */
export function BannerEditor({ draft, errors }: { draft: BannerDraft; errors: FieldErrors }) {
  const { t } = useTranslation();
  const { countries, languages } = useRootData();
  const locale = useLocale();
  const navigation = useNavigation();
  const saving = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'save';
  const nameOf = (lang: string) => languages.find((l) => l.code === lang)?.nativeName ?? lang;
  const field = (iso: string | null) => (iso && iso.length > 16 ? localFieldOf(iso) : (iso ?? ''));
  return (
    <Form method="post" className="flex flex-col gap-6" noValidate>
      <input type="hidden" name="intent" value="save" />
      <TextArea
        label={t('admin_banner_text_en')}
        name="text_en-us"
        defaultValue={draft.texts['en-us'] ?? ''}
        maxLength={300}
        rows={2}
        required
        error={errors['text_en-us']}
        hint={t('admin_banner_text_hint')}
      />
      <details
        className="rounded-xl border border-neutral-200 p-4"
        open={UI_LANGUAGES.some((l) => l !== 'en-us' && (draft.texts[l] || errors[`text_${l}`]))}
      >
        <summary className="cursor-pointer font-medium">{t('admin_banner_translations')}</summary>
        <div className="mt-4 grid gap-4 md:grid-cols-2">
          {UI_LANGUAGES.filter((lang) => lang !== 'en-us').map((lang) => (
            <TextArea
              key={lang}
              label={nameOf(lang)}
              name={`text_${lang}`}
              lang={lang}
              defaultValue={draft.texts[lang] ?? ''}
              maxLength={300}
              rows={2}
              error={errors[`text_${lang}`]}
            />
          ))}
        </div>
      </details>
      <div className="grid gap-4 md:grid-cols-3">
        <Select label={t('admin_banner_tone')} name="tone" defaultValue={draft.tone} error={errors.tone}>
          {(['info', 'warning', 'success'] as const).map((tone) => (
            <option key={tone} value={tone}>
              {t(`admin_banner_tone_${tone}`)}
            </option>
          ))}
        </Select>
        <Field
          label={t('admin_banner_link')}
          name="linkUrl"
          defaultValue={draft.linkUrl ?? ''}
          hint={t('admin_banner_link_hint')}
          error={errors.linkUrl}
          className="md:col-span-2"
        />
        <Field
          label={t('admin_banner_starts_utc')}
          name="startsAt"
          type="datetime-local"
          defaultValue={field(draft.startsAt)}
          required
          error={errors.startsAt}
        />
        <Field
          label={t('admin_banner_ends_utc')}
          name="endsAt"
          type="datetime-local"
          defaultValue={field(draft.endsAt)}
          hint={t('admin_banner_ends_hint')}
          error={errors.endsAt}
        />
        <label className="flex items-center gap-2 self-center text-sm font-medium">
          <input type="checkbox" name="active" defaultChecked={draft.active} className="size-4" />
          {t('admin_banner_active')}
        </label>
        <Select
          label={t('admin_nav_markets')}
          name="countries"
          multiple
          size={8}
          defaultValue={draft.countries}
          hint={t('admin_banner_markets_hint')}
          error={errors.countries}
        >
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {countryName(c.code, locale, c.name)} ({c.code})
            </option>
          ))}
        </Select>
        <Select
          label={t('admin_banner_languages')}
          name="languages"
          multiple
          size={8}
          defaultValue={draft.languages}
          hint={t('admin_banner_languages_hint')}
          error={errors.languages}
        >
          {UI_LANGUAGES.map((lang) => (
            <option key={lang} value={lang}>
              {nameOf(lang)}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <button type="submit" className={buttonClass.primary} disabled={saving}>
          {saving ? t('admin_banner_saving') : t('admin_banner_save')}
        </button>
      </div>
    </Form>
  );
}
