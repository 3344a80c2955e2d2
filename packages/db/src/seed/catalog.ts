// The bike catalogue (DATA.md, spec section 3): models, option groups with the spec's defaults, and price lists.
// EUR and USD prices are DATA.md's; other currencies are derived from them at fixed demo rates, rounded to whole
// tens (options) or hundreds (base prices), as a market's own list would be.
export const CATEGORY = { slug: 'bikes', nameKey: 'category_bikes' } as const;

export const PRODUCTS = [
  { id: 'varg', nameKey: 'model_varg_name', configurable: true, sort: 1 },
  { id: 'varg-ex', nameKey: 'model_varg_ex_name', configurable: true, sort: 2 },
  { id: 'varg-sm', nameKey: 'model_varg_sm_name', configurable: false, sort: 3 },
  // The preorder model (decision 052): hidden from every public list; the demo customer is invited.
  {
    id: 'varg-launch-edition',
    nameKey: 'model_varg_launch_edition_name',
    configurable: false,
    sort: 4,
    presale: true,
    presaleEmails: ['customer@demo.starkfuture.com'],
  },
] as const;

export const GROUPS = [
  'color',
  'power',
  'rear_brake',
  'rear_wheel_size',
  'side_stand',
  'suspension',
  'tires',
  'front_disk_guard',
  'rear_disk_guard',
  'footpeg',
  'titanium_bolts_kit',
  'tubes',
  'registration',
] as const;

type Option = [id: string, eur: number, usd: number];
const o = (slug: string, eur = 0, usd = eur): Option => [`varg_option_${slug}`, eur, usd];

/** Each group's options; the first is the default (spec section 3, "Defaults"). Prices in whole units. */
const COMMON: Record<string, Option[]> = {
  color: [o('red'), o('white'), o('grey')],
  power: [o('60hp'), o('80hp', 1000, 1000)],
  rear_brake: [o('handbrake'), o('foot_brake')],
  suspension: [o('65_70'), o('75_80'), o('85_90')],
  front_disk_guard: [o('front_disk_guard_no'), o('front_disk_guard_yes', 89, 89)],
  rear_disk_guard: [o('rear_disk_guard_no'), o('rear_disk_guard_yes', 79, 79)],
};

export const PRODUCT_OPTIONS: Record<string, Record<string, Option[]>> = {
  varg: {
    ...COMMON,
    tires: [o('tires_medium'), o('tires_soft'), o('tires_hard')],
    footpeg: [o('footpeg_standard'), o('footpeg_titanium', 99, 99)],
    titanium_bolts_kit: [o('titanium_bolts_no'), o('titanium_bolts_yes', 149, 149)],
    tubes: [o('tubolito'), o('mousse', 139, 139)],
    registration: [o('registration_no'), o('registration_yes', 290, 250)],
  },
  'varg-ex': {
    ...COMMON,
    rear_wheel_size: [o('mx19'), o('enduro18')],
    side_stand: [o('side_stand_no'), o('side_stand_yes', 149, 149)],
    tires: [o('tires_18_21'), o('tires_19_21')],
    tubes: [o('tubeless'), o('mousse', 139, 139)],
    registration: [o('registration_no'), o('registration_yes', 290, 250)],
  },
  'varg-sm': {
    color: [o('red'), o('white'), o('grey')],
    power: [o('60hp'), o('80hp', 1000, 1000)],
  },
};

/**
 * Compatibility rules (`requires`: the first option needs the second; `excludes`: never together). An 18" enduro rear
 * wheel takes the 18" rear tyre; registering a VARG EX for the road needs its side stand.
 */
export const OPTION_RULES: Array<{
  productId: string;
  optionId: string;
  kind: 'requires' | 'excludes';
  otherOptionId: string;
}> = [
  {
    productId: 'varg-ex',
    optionId: 'varg_option_enduro18',
    kind: 'requires',
    otherOptionId: 'varg_option_tires_18_21',
  },
  {
    productId: 'varg-ex',
    optionId: 'varg_option_registration_yes',
    kind: 'requires',
    otherOptionId: 'varg_option_side_stand_yes',
  },
  { productId: 'varg', optionId: 'varg_option_mousse', kind: 'excludes', otherOptionId: 'varg_option_tires_soft' },
];

/** Base price and deposit in whole units. */
export const BASE: Record<string, { eur: number; usd: number }> = {
  varg: { eur: 11_900, usd: 10_490 },
  'varg-ex': { eur: 13_900, usd: 12_900 },
  'varg-sm': { eur: 13_900, usd: 12_900 },
  'varg-launch-edition': { eur: 15_900, usd: 14_900 },
};
const DEPOSIT = { eur: 500, usd: 500 };

/** Demo rates: [currency, from EUR or USD, rate, minor units per unit]. */
const DERIVED: Array<[string, 'eur' | 'usd', number, number]> = [
  ['GBP', 'eur', 0.86, 100],
  ['CHF', 'eur', 0.95, 100],
  ['NOK', 'eur', 11.6, 100],
  ['SEK', 'eur', 11.2, 100],
  ['DKK', 'eur', 7.46, 100],
  ['PLN', 'eur', 4.3, 100],
  ['CZK', 'eur', 25, 100],
  ['HUF', 'eur', 400, 100],
  ['RON', 'eur', 5, 100],
  ['TRY', 'eur', 40, 100],
  ['CAD', 'usd', 1.38, 100],
  ['MXN', 'usd', 18, 100],
  ['BRL', 'usd', 5.4, 100],
  ['ARS', 'usd', 1000, 100],
  ['AUD', 'usd', 1.52, 100],
  ['NZD', 'usd', 1.68, 100],
  ['ZAR', 'usd', 18.5, 100],
];

/** Every currency with a price list: [currency, derived from EUR or USD, rate] (EUR and USD are DATA.md's own). */
export const CURRENCY_RATES: ReadonlyArray<[string, 'eur' | 'usd', number]> = [
  ['EUR', 'eur', 1],
  ['USD', 'usd', 1],
  ...DERIVED.map(([c, from, rate]) => [c, from, rate] as [string, 'eur' | 'usd', number]),
];

const round = (value: number, to: number) => Math.round(value / to) * to;

export interface PriceRow {
  productId: string;
  currency: string;
  basePrice: number;
  deposit: number;
}
export interface OptionPriceRow {
  productId: string;
  optionId: string;
  currency: string;
  amount: number;
}

/** Every price list, in minor units. */
export function priceLists(): { products: PriceRow[]; options: OptionPriceRow[] } {
  const lists = CURRENCY_RATES;
  const products: PriceRow[] = [];
  const options: OptionPriceRow[] = [];
  for (const [currency, from, rate] of lists) {
    for (const { id } of PRODUCTS) {
      const base = BASE[id] as { eur: number; usd: number };
      products.push({
        productId: id,
        currency,
        basePrice: round(base[from] * rate, rate === 1 ? 1 : 100) * 100,
        deposit: round(DEPOSIT[from] * rate, rate === 1 ? 1 : 10) * 100,
      });
      for (const group of Object.values(PRODUCT_OPTIONS[id] ?? {})) {
        for (const [optionId, eur, usd] of group) {
          const amount = from === 'eur' ? eur : usd;
          options.push({ productId: id, optionId, currency, amount: round(amount * rate, rate === 1 ? 1 : 10) * 100 });
        }
      }
    }
  }
  return { products, options };
}

/** Stock bikes: deterministic variations of each configurable model in four markets. */
export function stockBikeSeeds(): Array<{
  id: string;
  productId: string;
  optionIds: string[];
  country: string;
  sort: number;
}> {
  const rows: Array<{ id: string; productId: string; optionIds: string[]; country: string; sort: number }> = [];
  const markets = ['DE', 'ES', 'FR', 'US'];
  let n = 0;
  for (const productId of ['varg', 'varg-ex']) {
    const groups = PRODUCT_OPTIONS[productId] ?? {};
    for (const country of markets) {
      for (let i = 0; i < 12; i++) {
        // Walk through the choices of the groups a buyer filters on; everything else stays at its default.
        const optionIds = Object.entries(groups).map(([group, list], g) => {
          const filtered = ['color', 'power', 'rear_brake', 'suspension', 'rear_wheel_size', 'side_stand'].includes(
            group,
          );
          const pick = filtered ? (i + g + country.charCodeAt(0)) % list.length : 0;
          return (list[pick] as Option)[0];
        });
        n += 1;
        rows.push({ id: `SB${String(n).padStart(4, '0')}`, productId, optionIds: optionIds.sort(), country, sort: n });
      }
    }
  }
  return rows;
}

/** Bikes standing at a dealer (POST dealer/stock-bikes): three per active demo dealer, in the dealer's country. */
export function dealerStockSeeds(
  country: string,
  dealerNumber: number,
): Array<{ id: string; productId: string; optionIds: string[]; country: string; sort: number }> {
  return [0, 1, 2].map((i) => {
    const productId = i === 2 ? 'varg' : 'varg-ex';
    const groups = PRODUCT_OPTIONS[productId] ?? {};
    const optionIds = Object.entries(groups).map(([group, list]) => {
      const pick = group === 'color' ? (i + dealerNumber) % list.length : group === 'power' ? i % list.length : 0;
      return (list[pick] as Option)[0];
    });
    return {
      id: `SBD${dealerNumber}${i + 1}`,
      productId,
      optionIds: optionIds.sort(),
      country,
      sort: 1000 + dealerNumber * 10 + i,
    };
  });
}
