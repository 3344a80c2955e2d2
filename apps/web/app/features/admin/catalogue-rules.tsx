import { Form, useNavigation, useSubmit } from 'react-router';
import { useTranslation } from '../../lib/i18n.ts';
import { buttonClass } from '../../ui/button.ts';
import { Select } from '../../ui/field.tsx';
import { useShell } from '../shell/providers.tsx';

interface Rule {
  optionId: string;
  kind: 'requires' | 'excludes';
  otherOptionId: string;
}

/**
 * A model's compatibility rules (decision 011): each with a remove button that asks first, and a form adding one. The
 * API refuses a rule the default configuration would break and names it; the page shows that message.
 */
export function RulesEditor({ rules, options }: { rules: Rule[]; options: Array<{ id: string; label: string }> }) {
  const { t } = useTranslation();
  const { confirm } = useShell();
  const submit = useSubmit();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && String(navigation.formData?.get('intent')).startsWith('rule');
  const label = (id: string) => options.find((o) => o.id === id)?.label ?? id;
  const sentence = (rule: Rule) =>
    t(rule.kind === 'requires' ? 'admin_catalogue_rule_requires' : 'admin_catalogue_rule_excludes', {
      option: label(rule.optionId),
      other: label(rule.otherOptionId),
    });
  return (
    <section aria-labelledby="rules" className="flex flex-col gap-4">
      <h2 id="rules" className="text-lg font-semibold">
        {t('admin_catalogue_rules')}
      </h2>
      {rules.length === 0 ? (
        <p className="text-neutral-700">{t('admin_catalogue_rules_empty')}</p>
      ) : (
        <ul className="divide-y divide-neutral-200 rounded-xl border border-neutral-200">
          {rules.map((rule, index) => (
            <li
              key={`${rule.optionId} ${rule.kind} ${rule.otherOptionId}`}
              className="flex flex-wrap items-center justify-between gap-3 px-4 py-2 text-sm"
            >
              <span>{sentence(rule)}</span>
              <Form
                method="post"
                onSubmit={async (event) => {
                  event.preventDefault();
                  const form = event.currentTarget;
                  if (await confirm({ title: t('admin_catalogue_rule_remove_confirm'), description: sentence(rule) }))
                    await submit(form);
                }}
              >
                <input type="hidden" name="intent" value="rule-remove" />
                <input type="hidden" name="index" value={index} />
                <button
                  type="submit"
                  className="text-sm underline underline-offset-2"
                  disabled={busy}
                  aria-label={`${t('admin_catalogue_rule_remove')}: ${sentence(rule)}`}
                >
                  {t('admin_catalogue_rule_remove')}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" className="grid gap-3 sm:grid-cols-[1fr_auto_1fr_auto] sm:items-end">
        <input type="hidden" name="intent" value="rule-add" />
        <Select label={t('admin_catalogue_rule_option')} name="optionId" required>
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </Select>
        <Select label={t('admin_catalogue_rule_kind')} name="kind">
          <option value="requires">{t('admin_catalogue_rule_kind_requires')}</option>
          <option value="excludes">{t('admin_catalogue_rule_kind_excludes')}</option>
        </Select>
        <Select label={t('admin_catalogue_rule_other')} name="otherOptionId" required>
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </Select>
        <button type="submit" className={buttonClass.secondary} disabled={busy}>
          {t('admin_catalogue_rule_add')}
        </button>
      </Form>
    </section>
  );
}
