import { Form, useNavigation, useSubmit } from 'react-router';
import type { Answer } from '../../../lib/api-call.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { buttonClass } from '../../../ui/button.ts';
import { Field, Select } from '../../../ui/field.tsx';
import { useShell } from '../../shell/providers.tsx';
import { Section } from './account-sections.tsx';

type Terms = Answer<'getAdminDealersById'>['terms'];

/**
 * An approved dealer's terms (decision 044): all of them in one form, saved at once; the cart and order edits follow
 * them from the dealer's next request. Suspending asks first and says what it means.
 */
export function DealerTermsForm({ terms }: { terms: Terms }) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const submit = useSubmit();
  const { confirm } = useShell();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'terms';
  return (
    <Section id="terms" title={t('admin_dealer_terms')}>
      <Form
        method="post"
        className="flex flex-col gap-4 rounded-xl border border-neutral-200 p-4"
        onSubmit={async (event) => {
          // Suspending an approved dealer asks first and says what it means; other changes save at once.
          const form = event.currentTarget;
          if (terms.status !== 'approved' || new FormData(form).get('status') !== 'suspended') return;
          event.preventDefault();
          if (await confirm({ title: t('admin_dealer_suspend_confirm'), description: t('admin_dealer_terms_note') }))
            await submit(form);
        }}
      >
        <input type="hidden" name="intent" value="terms" />
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <Field
            label={t('dealer_applications_group')}
            name="groupName"
            defaultValue={terms.groupName}
            maxLength={60}
          />
          <Select
            label={t('ledger_status')}
            name="status"
            defaultValue={terms.status === 'approved' ? 'approved' : 'suspended'}
          >
            <option value="approved">{t('admin_dealers_status_approved')}</option>
            <option value="suspended">{t('admin_dealers_status_suspended')}</option>
          </Select>
          <Field
            label={t('admin_dealer_max_discount')}
            name="maxDiscount"
            inputMode="decimal"
            required
            defaultValue={String(terms.maxDiscountBp / 100)}
            hint={t('admin_dealer_max_discount_hint')}
          />
          <Field
            label={t('dealer_applications_margin')}
            name="margin"
            inputMode="decimal"
            required
            defaultValue={String(terms.margin)}
          />
          <Field
            label={t('dealer_applications_fee')}
            name="documentFee"
            inputMode="numeric"
            required
            defaultValue={String(terms.documentFee)}
          />
          <Field
            label={t('dealer_applications_labour')}
            name="labourRate"
            inputMode="numeric"
            required
            defaultValue={String(terms.labourRate)}
          />
          <Field
            label={t('dealer_applications_currency')}
            name="currency"
            required
            maxLength={3}
            defaultValue={terms.currency}
          />
          <label className="flex items-center gap-2 self-end pb-3 text-sm font-medium">
            <input type="checkbox" name="leadDealer" defaultChecked={terms.leadDealer} className="size-4" />
            {t('admin_dealer_lead')}
          </label>
        </div>
        <p className="text-sm text-neutral-700">{t('admin_dealer_terms_note')}</p>
        <div>
          <button type="submit" className={buttonClass.primary} disabled={busy}>
            {busy ? t('admin_customer_working') : t('admin_dealer_terms_save')}
          </button>
        </div>
      </Form>
    </Section>
  );
}
