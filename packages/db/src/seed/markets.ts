// Reference data for the markets: DATA.md's countries (EU members, GB, NO, CH, TR, US, CA, MX, BR, AR, AU, NZ, ZA),
// plus a few inactive ones to exercise the fallback of spec section 4. VAT rates are the standard rates in force
// in 2026 (basis points).
export interface LanguageSeed {
  code: string;
  name: string;
  nativeName: string;
}

export const LANGUAGES: readonly LanguageSeed[] = [
  { code: 'hr', name: 'Croatian', nativeName: 'Hrvatski' },
  { code: 'cs', name: 'Czech', nativeName: 'Čeština' },
  { code: 'da', name: 'Danish', nativeName: 'Dansk' },
  { code: 'nl', name: 'Dutch', nativeName: 'Nederlands' },
  { code: 'en-us', name: 'English', nativeName: 'English' },
  { code: 'et', name: 'Estonian', nativeName: 'Eesti' },
  { code: 'fi', name: 'Finnish', nativeName: 'Suomi' },
  { code: 'fr', name: 'French', nativeName: 'Français' },
  { code: 'de', name: 'German', nativeName: 'Deutsch' },
  { code: 'el', name: 'Greek', nativeName: 'Ελληνικά' },
  { code: 'hu', name: 'Hungarian', nativeName: 'Magyar' },
  { code: 'it', name: 'Italian', nativeName: 'Italiano' },
  { code: 'lv', name: 'Latvian', nativeName: 'Latviešu' },
  { code: 'no', name: 'Norwegian', nativeName: 'Norsk' },
  { code: 'pl', name: 'Polish', nativeName: 'Polski' },
  { code: 'pt', name: 'Portuguese', nativeName: 'Português' },
  { code: 'ro', name: 'Romanian', nativeName: 'Română' },
  { code: 'ru', name: 'Russian', nativeName: 'Русский' },
  { code: 'sk', name: 'Slovak', nativeName: 'Slovenčina' },
  { code: 'sl', name: 'Slovenian', nativeName: 'Slovenščina' },
  { code: 'es', name: 'Spanish', nativeName: 'Español' },
  { code: 'sv', name: 'Swedish', nativeName: 'Svenska' },
  { code: 'tr', name: 'Turkish', nativeName: 'Türkçe' },
];

export interface CountrySeed {
  code: string;
  name: string;
  languageCode: string;
  currencyCode: string;
  currencySymbol: string;
  status: 0 | 1;
  shouldVerifyCompanyTaxes: boolean;
  distanceUnit: 'km' | 'mi';
  weightUnit: 'kg' | 'lb';
  taxDisplay: 'including' | 'excluding';
  vatRateBp: number;
}

type Row = [code: string, name: string, lang: string, currency: string, symbol: string, vatBp: number];

const EU: Row[] = [
  ['AT', 'Austria', 'de', 'EUR', '€', 2000],
  ['BE', 'Belgium', 'nl', 'EUR', '€', 2100],
  ['BG', 'Bulgaria', 'en-us', 'EUR', '€', 2000],
  ['HR', 'Croatia', 'hr', 'EUR', '€', 2500],
  ['CY', 'Cyprus', 'el', 'EUR', '€', 1900],
  ['CZ', 'Czechia', 'cs', 'CZK', 'Kč', 2100],
  ['DK', 'Denmark', 'da', 'DKK', 'kr.', 2500],
  ['EE', 'Estonia', 'et', 'EUR', '€', 2400],
  ['FI', 'Finland', 'fi', 'EUR', '€', 2550],
  ['FR', 'France', 'fr', 'EUR', '€', 2000],
  ['DE', 'Germany', 'de', 'EUR', '€', 1900],
  ['GR', 'Greece', 'el', 'EUR', '€', 2400],
  ['HU', 'Hungary', 'hu', 'HUF', 'Ft', 2700],
  ['IE', 'Ireland', 'en-us', 'EUR', '€', 2300],
  ['IT', 'Italy', 'it', 'EUR', '€', 2200],
  ['LV', 'Latvia', 'lv', 'EUR', '€', 2100],
  ['LT', 'Lithuania', 'en-us', 'EUR', '€', 2100],
  ['LU', 'Luxembourg', 'fr', 'EUR', '€', 1700],
  ['MT', 'Malta', 'en-us', 'EUR', '€', 1800],
  ['NL', 'Netherlands', 'nl', 'EUR', '€', 2100],
  ['PL', 'Poland', 'pl', 'PLN', 'zł', 2300],
  ['PT', 'Portugal', 'pt', 'EUR', '€', 2300],
  ['RO', 'Romania', 'ro', 'RON', 'lei', 2100],
  ['SK', 'Slovakia', 'sk', 'EUR', '€', 2300],
  ['SI', 'Slovenia', 'sl', 'EUR', '€', 2200],
  ['ES', 'Spain', 'es', 'EUR', '€', 2100],
  ['SE', 'Sweden', 'sv', 'SEK', 'kr', 2500],
];

function country(row: Row, extra: Partial<CountrySeed> = {}): CountrySeed {
  const [code, name, languageCode, currencyCode, currencySymbol, vatRateBp] = row;
  return {
    code,
    name,
    languageCode,
    currencyCode,
    currencySymbol,
    vatRateBp,
    status: 1,
    shouldVerifyCompanyTaxes: false,
    distanceUnit: 'km',
    weightUnit: 'kg',
    taxDisplay: 'including',
    ...extra,
  };
}

export const COUNTRIES: readonly CountrySeed[] = [
  ...EU.map((row) => country(row, { shouldVerifyCompanyTaxes: true })),
  country(['GB', 'United Kingdom', 'en-us', 'GBP', '£', 2000], { distanceUnit: 'mi', shouldVerifyCompanyTaxes: true }),
  country(['NO', 'Norway', 'no', 'NOK', 'kr', 2500], { shouldVerifyCompanyTaxes: true }),
  country(['CH', 'Switzerland', 'de', 'CHF', 'CHF', 810], { shouldVerifyCompanyTaxes: true }),
  country(['TR', 'Türkiye', 'tr', 'TRY', '₺', 2000]),
  country(['US', 'United States', 'en-us', 'USD', '$', 0], {
    distanceUnit: 'mi',
    weightUnit: 'lb',
    taxDisplay: 'excluding',
  }),
  country(['CA', 'Canada', 'en-us', 'CAD', 'CA$', 500], { taxDisplay: 'excluding' }),
  country(['MX', 'Mexico', 'es', 'MXN', 'MX$', 1600]),
  country(['BR', 'Brazil', 'pt', 'BRL', 'R$', 0], { taxDisplay: 'excluding' }),
  country(['AR', 'Argentina', 'es', 'ARS', '$', 2100]),
  country(['AU', 'Australia', 'en-us', 'AUD', 'A$', 1000]),
  country(['NZ', 'New Zealand', 'en-us', 'NZD', 'NZ$', 1500]),
  country(['ZA', 'South Africa', 'en-us', 'ZAR', 'R', 1500]),
  // Not sold to (yet): inactive, so a locale naming them falls back to US.
  country(['IS', 'Iceland', 'en-us', 'ISK', 'kr', 2400], { status: 0 }),
  country(['JP', 'Japan', 'en-us', 'JPY', '¥', 1000], { status: 0 }),
];
