import { splitLocalePath } from '@varg/domain';
import { ChevronDown } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button, ComboBox, Input, Label, ListBox, ListBoxItem, Popover } from 'react-aria-components';
import { Form, useLocation } from 'react-router';
import { countryName, useTranslation } from '../../lib/i18n.ts';
import { useRootData } from '../../lib/use-locale.ts';
import { buttonClass } from '../../ui/button.ts';
import { Modal } from '../../ui/modal.tsx';

interface Option {
  id: string;
  label: string;
}

function SearchSelect({
  label,
  placeholder,
  options,
  value,
  onChange,
}: {
  label: string;
  placeholder: string;
  options: Option[];
  value: string;
  onChange(value: string): void;
}) {
  const { t } = useTranslation();
  return (
    <ComboBox
      className="flex flex-col gap-1.5"
      defaultItems={options}
      selectedKey={value}
      onSelectionChange={(key) => key !== null && onChange(String(key))}
      menuTrigger="focus"
    >
      <Label className="text-sm font-medium text-neutral-800">{label}</Label>
      <div className="relative">
        <Input
          placeholder={placeholder}
          className="w-full rounded-lg border border-neutral-300 bg-white py-2.5 pr-10 pl-3 text-neutral-900 outline-none focus:border-neutral-900 focus:ring-2 focus:ring-neutral-900/20"
        />
        <Button className="absolute inset-y-0 right-0 flex items-center px-3 text-neutral-600">
          <ChevronDown size={18} aria-hidden="true" />
        </Button>
      </div>
      <Popover className="w-(--trigger-width) rounded-lg border border-neutral-200 bg-white shadow-lg">
        <ListBox
          className="max-h-[200px] overflow-auto p-1 outline-none"
          renderEmptyState={() => <p className="px-3 py-2 text-sm text-neutral-600">{t('locale_no_results')}</p>}
        >
          {(item: Option) => (
            <ListBoxItem
              id={item.id}
              textValue={item.label}
              className="cursor-pointer rounded-md px-3 py-2 text-sm text-neutral-900 outline-none data-[focused]:bg-neutral-100 data-[selected]:font-semibold"
            >
              {item.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </ComboBox>
  );
}

/**
 * Spec section 2: country and language dropdowns with search and a confirm button. Confirming posts the choice;
 * the server stores it, hides the suggested-country banner and answers with a full reload of the same route
 * under the new locale prefix.
 */
export default function LocaleModal({ onClose }: { onClose(): void }) {
  const { t } = useTranslation();
  const { locale, countries, languages } = useRootData();
  const location = useLocation();
  const [country, setCountry] = useState(locale.country);
  const [lang, setLang] = useState<string>(locale.lang);

  const countryOptions = useMemo(
    () =>
      countries
        .map((c) => ({ id: c.code, label: countryName(c.code, locale, c.name) }))
        .sort((a, b) => a.label.localeCompare(b.label, locale.lang)),
    [countries, locale],
  );
  const languageOptions = useMemo(() => languages.map((l) => ({ id: l.code, label: l.nativeName })), [languages]);
  const returnTo = splitLocalePath(location.pathname).rest + location.search;

  return (
    <Modal title={t('locale_modal_title')} onClose={onClose}>
      <p className="mt-2 text-sm text-neutral-600">{t('locale_modal_text')}</p>
      <Form method="post" action="/preferences" reloadDocument className="mt-5 flex flex-col gap-4">
        <input type="hidden" name="intent" value="locale" />
        <input type="hidden" name="country" value={country} />
        <input type="hidden" name="lang" value={lang} />
        <input type="hidden" name="returnTo" value={returnTo} />
        <SearchSelect
          label={t('locale_country')}
          placeholder={t('locale_search_country')}
          options={countryOptions}
          value={country}
          onChange={(code) => {
            setCountry(code);
            const own = countries.find((c) => c.code === code)?.lang;
            if (own) setLang(own);
          }}
        />
        <SearchSelect
          label={t('locale_language')}
          placeholder={t('locale_search_language')}
          options={languageOptions}
          value={lang}
          onChange={setLang}
        />
        <button type="submit" className={`${buttonClass.primary} mt-2 w-full`}>
          {t('locale_confirm')}
        </button>
      </Form>
    </Modal>
  );
}
