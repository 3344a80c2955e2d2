import { LEGAL_KINDS } from '@varg/contracts';
import { UI_LANGUAGES } from '@varg/domain';
import { Form, useNavigation } from 'react-router';
import type { FieldErrors } from '../../lib/forms.server.ts';
import { countryName, useTranslation } from '../../lib/i18n.ts';
import { useLocale, useRootData } from '../../lib/use-locale.ts';
import { buttonClass } from '../../ui/button.ts';
import { Field, Select, TextArea } from '../../ui/field.tsx';

export interface LegalDraft {
  kind: string;
  country: string;
  lang: string;
  title: string;
  body: string;
}

/** The publish form: a new version of one document (kind, market, language fixed) or a first one (all chosen). */
export function LegalForm({ draft, errors, fixed }: { draft: LegalDraft; errors: FieldErrors; fixed: boolean }) {
  const { t } = useTranslation();
  const { countries, languages } = useRootData();
  const locale = useLocale();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  return (
    <Form method="post" className="flex flex-col gap-4" noValidate>
      {fixed ? (
        <>
          <input type="hidden" name="kind" value={draft.kind} />
          <input type="hidden" name="country" value={draft.country} />
          <input type="hidden" name="lang" value={draft.lang} />
        </>
      ) : (
        <div className="grid gap-4 md:grid-cols-3">
          <Select label={t('admin_legal_kind')} name="kind" defaultValue={draft.kind} error={errors.kind}>
            {LEGAL_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`legal_${kind}_title`)}
              </option>
            ))}
          </Select>
          <Select label={t('admin_legal_market')} name="country" defaultValue={draft.country} error={errors.country}>
            <option value="*">{t('admin_legal_every_market')}</option>
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {countryName(c.code, locale, c.name)}
              </option>
            ))}
          </Select>
          <Select label={t('admin_legal_language')} name="lang" defaultValue={draft.lang} error={errors.lang}>
            {UI_LANGUAGES.map((lang) => (
              <option key={lang} value={lang}>
                {languages.find((l) => l.code === lang)?.nativeName ?? lang}
              </option>
            ))}
          </Select>
        </div>
      )}
      <Field
        label={t('admin_legal_title')}
        name="title"
        defaultValue={draft.title}
        maxLength={200}
        required
        error={errors.title}
      />
      <TextArea
        label={t('admin_legal_body')}
        name="body"
        defaultValue={draft.body}
        rows={18}
        required
        hint={t('admin_legal_body_hint')}
        error={errors.body}
        className="font-mono"
      />
      <div>
        <button type="submit" className={buttonClass.primary} disabled={busy}>
          {busy ? t('admin_legal_publishing') : t('admin_legal_publish')}
        </button>
      </div>
    </Form>
  );
}

/** The form's fields (what was typed is shown again when refused). */
export function legalDraftOf(form: FormData): LegalDraft {
  const text = (name: string) => String(form.get(name) ?? '');
  return {
    kind: text('kind'),
    country: text('country') || '*',
    lang: text('lang'),
    title: text('title'),
    body: text('body'),
  };
}
