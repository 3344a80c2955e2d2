// The sandbox's card fields (number, expiry, security code), shared by the checkout and the account's cards page.
// The card number is never kept: after an error only the expiry is shown again.

import type { FieldError } from '../../lib/field-error.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { Field } from '../../ui/field.tsx';

export function CardFields({
  errors = {},
  values = {},
  numberClassName,
}: {
  errors?: Record<string, FieldError | undefined>;
  values?: Record<string, string | undefined>;
  numberClassName?: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Field
        label={t('checkout_card_number')}
        name="card_number"
        inputMode="numeric"
        autoComplete="cc-number"
        required
        maxLength={23}
        error={errors.card_number}
        {...(numberClassName ? { className: numberClassName } : {})}
      />
      <Field
        label={t('checkout_card_exp')}
        name="card_exp"
        inputMode="numeric"
        autoComplete="cc-exp"
        required
        maxLength={7}
        defaultValue={values.card_exp}
        error={errors.card_exp}
      />
      <Field
        label={t('checkout_card_cvc')}
        name="card_cvc"
        inputMode="numeric"
        autoComplete="cc-csc"
        required
        maxLength={4}
        error={errors.card_cvc}
      />
    </>
  );
}
