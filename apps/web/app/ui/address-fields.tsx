import { useTranslation } from '../lib/i18n.ts';
import { useLocale } from '../lib/use-locale.ts';
import { AddressLookup } from './address-lookup.tsx';
import { Field, Select } from './field.tsx';

/** Field names of an address as each form's action (and API call) reads them. */
export interface AddressNames {
  line1: string;
  line2: string;
  postalCode: string;
  city: string;
  /** Without it the form has no state field. */
  state?: string;
  /** Without it the form has no country select (the country is known). */
  country?: string;
}

/**
 * Street, additional line, postal code and city, and where the form asks for them state and country: labelled,
 * with the browser's autofill names, prefilled with what the record has or what was typed.
 */
export function AddressFields({
  names,
  values,
  countries = [],
  lookup = false,
}: {
  names: AddressNames;
  /** Offers the address search above the fields (when the API's lookup is on). */
  lookup?: boolean;
  values: Record<string, string | undefined>;
  /** The country select's options (code and name, in the page's language). */
  countries?: ReadonlyArray<{ code: string; name: string }>;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <>
      {lookup && <AddressLookup country={values[names.country ?? ''] || locale.country} names={names} />}
      <Field
        label={t('address_line_1')}
        name={names.line1}
        required
        maxLength={200}
        autoComplete="address-line1"
        defaultValue={values[names.line1]}
      />
      <Field
        label={t('address_line_2')}
        name={names.line2}
        maxLength={200}
        autoComplete="address-line2"
        defaultValue={values[names.line2]}
      />
      <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
        <Field
          label={t('address_postal_code')}
          name={names.postalCode}
          required
          maxLength={16}
          autoComplete="postal-code"
          defaultValue={values[names.postalCode]}
        />
        <Field
          label={t('address_city')}
          name={names.city}
          required
          maxLength={100}
          autoComplete="address-level2"
          defaultValue={values[names.city]}
        />
      </div>
      {(names.state || names.country) && (
        <div className="grid gap-4 sm:grid-cols-2">
          {names.state && (
            <Field
              label={t('address_state')}
              name={names.state}
              maxLength={100}
              autoComplete="address-level1"
              defaultValue={values[names.state]}
            />
          )}
          {names.country && (
            <Select
              label={t('address_country')}
              name={names.country}
              autoComplete="country"
              defaultValue={values[names.country]}
            >
              {countries.map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </Select>
          )}
        </div>
      )}
    </>
  );
}
