import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../client.ts';
import {
  storeArticles,
  storeCategories,
  storeGroups,
  storeVariantPrices,
  storeVariants,
  type TechnicalDocumentContent,
  technicalDocuments,
} from '../schema/index.ts';
import { CURRENCY_RATES } from './catalog.ts';
import { DOCUMENT_CONTENT } from './technical-documents.ts';

// The parts and accessories store (DATA.md, "Spare parts and accessories") and the technical documents (spec section
// 3). USD prices are DATA.md's US list prices (before sales tax); EUR prices are the European list prices with VAT;
// the other currencies are derived from one of the two at the bike catalogue's demo rates (seed/catalog.ts) and
// rounded to three significant figures, as a market's own list would be.

export type StoreKind = 'spare_parts' | 'accessories' | 'merchandise' | 'extended_warranty';
export type Availability = 'AVAILABLE' | 'AVAILABLE_HQ' | 'NOT_AVAILABLE';
type Model = 'varg' | 'varg-ex' | 'varg-sm';

export const STORE_CATEGORIES: Array<{ slug: string; nameKey: string; kind: StoreKind; sort: number }> = [
  { slug: 'tyres-and-wheels', nameKey: 'store_category_tyres_wheels', kind: 'spare_parts', sort: 1 },
  { slug: 'chassis', nameKey: 'store_category_chassis', kind: 'spare_parts', sort: 2 },
  { slug: 'powertrain', nameKey: 'store_category_powertrain', kind: 'spare_parts', sort: 3 },
  { slug: 'suspension', nameKey: 'store_category_suspension', kind: 'spare_parts', sort: 4 },
  { slug: 'accessories', nameKey: 'store_category_accessories', kind: 'accessories', sort: 5 },
  { slug: 'merchandise', nameKey: 'store_category_merchandise', kind: 'merchandise', sort: 6 },
  { slug: 'extended-warranty', nameKey: 'store_category_extended_warranty', kind: 'extended_warranty', sort: 7 },
];

export const STORE_GROUPS: Array<{
  slug: string;
  categorySlug: string;
  nameKey: string;
  model: Model | null;
  sort: number;
}> = [
  ['tubes-and-mousses', 'tyres-and-wheels', 'store_group_tubes_mousses', null],
  ['mx-tyres', 'tyres-and-wheels', 'store_group_mx_tyres', 'varg'],
  ['enduro-tyres', 'tyres-and-wheels', 'store_group_enduro_tyres', 'varg-ex'],
  ['supermoto-tyres', 'tyres-and-wheels', 'store_group_supermoto_tyres', 'varg-sm'],
  ['wheels', 'tyres-and-wheels', 'store_group_wheels', null],
  ['bodywork', 'chassis', 'store_group_bodywork', null],
  ['controls', 'chassis', 'store_group_controls', null],
  ['powertrain-unit', 'powertrain', 'store_group_powertrain_unit', null],
  ['drive', 'powertrain', 'store_group_drive', null],
  ['fork', 'suspension', 'store_group_fork', null],
  ['shock', 'suspension', 'store_group_shock', null],
  ['seats-and-footpegs', 'accessories', 'store_group_seats_footpegs', null],
  ['protection', 'accessories', 'store_group_protection', null],
  ['charging', 'accessories', 'store_group_charging', null],
  ['clothing', 'merchandise', 'store_group_clothing', null],
  // Warranty groups are named by the model they cover.
  ['warranty-varg', 'extended-warranty', 'model_varg_name', 'varg'],
  ['warranty-varg-ex', 'extended-warranty', 'model_varg_ex_name', 'varg-ex'],
  ['warranty-varg-sm', 'extended-warranty', 'model_varg_sm_name', 'varg-sm'],
].map(([slug, categorySlug, nameKey, model], i) => ({
  slug: slug as string,
  categorySlug: categorySlug as string,
  nameKey: nameKey as string,
  model: model as Model | null,
  sort: i + 1,
}));

/** A variant: SKU suffix, attributes, availability, US price and EU price in whole units, discount in basis points. */
type VariantSeed = [
  suffix: string,
  attributes: Record<string, string>,
  availability: Availability,
  usd: number,
  eur: number,
  discountBp?: number,
];

interface ArticleSeed {
  id: string;
  group: string;
  ref: string;
  kit?: boolean;
  /** Generic names are catalog keys; brand names stay as printed. */
  nameKey?: string;
  name: string;
  /** SKU prefix; each variant's code is `prefix` + its suffix. */
  sku: string;
  variants: VariantSeed[];
}

const A = 'AVAILABLE';
const HQ = 'AVAILABLE_HQ';
const NA = 'NOT_AVAILABLE';
const SIZES = ['S', 'M', 'L', 'XL', 'XXL'];

const WARRANTY: VariantSeed[] = [
  ['12', { months: '12' }, A, 399, 449],
  ['24', { months: '24' }, A, 699, 790],
  ['36', { months: '36' }, A, 949, 1_090],
];

export const STORE_ARTICLES: ArticleSeed[] = [
  {
    id: 'power-tube',
    group: 'tubes-and-mousses',
    ref: 'TW-1001',
    name: 'Power Tube',
    sku: 'SF-PT-',
    variants: [
      ['18', { wheel: '18"' }, A, 49.49, 54.99],
      ['19', { wheel: '19"' }, A, 49.49, 54.99],
      ['21', { wheel: '21"' }, HQ, 49.49, 54.99],
    ],
  },
  {
    id: 'bib-mousse',
    group: 'tubes-and-mousses',
    ref: 'TW-1002',
    name: 'Michelin Bib-Mousse',
    sku: 'SF-MO-',
    variants: [
      ['18', { wheel: '18"' }, A, 114.99, 129.99],
      ['19', { wheel: '19"' }, A, 124.99, 139.99],
      ['21', { wheel: '21"' }, NA, 139, 149],
    ],
  },
  {
    id: 'scorpion-mx32-front',
    group: 'mx-tyres',
    ref: 'TW-1101',
    name: 'Pirelli Scorpion MX32 80/100-21',
    sku: 'SF-TY-MX32-21',
    variants: [['', { wheel: '21"', position: 'front' }, A, 85, 95]],
  },
  {
    id: 'scorpion-mx32-rear',
    group: 'mx-tyres',
    ref: 'TW-1102',
    name: 'Pirelli Scorpion MX32 110/90-19',
    sku: 'SF-TY-MX32-19',
    variants: [['', { wheel: '19"', position: 'rear' }, A, 95, 105]],
  },
  {
    id: 'scorpion-xc-rear',
    group: 'enduro-tyres',
    ref: 'TW-1201',
    name: 'Pirelli Scorpion XC 120/100-18',
    sku: 'SF-TY-XC-18',
    variants: [['', { wheel: '18"', position: 'rear' }, A, 99, 109]],
  },
  {
    id: 'six-days-extreme-front',
    group: 'enduro-tyres',
    ref: 'TW-1202',
    name: 'Metzeler Six Days Extreme 90/90-21',
    sku: 'SF-TY-6DX-21',
    variants: [['', { wheel: '21"', position: 'front' }, HQ, 129, 139]],
  },
  {
    id: 'enduro-2-rear',
    group: 'enduro-tyres',
    ref: 'TW-1203',
    name: 'Michelin Enduro 2 140/80-18',
    sku: 'SF-TY-EN2-18',
    variants: [['', { wheel: '18"', position: 'rear' }, A, 149, 159, 1_000]],
  },
  {
    id: 'diablo-rosso-iv',
    group: 'supermoto-tyres',
    ref: 'TW-1301',
    name: 'Pirelli Diablo Rosso IV',
    sku: 'SF-TY-DR4-',
    variants: [
      ['F', { position: 'front', size: '120/70 ZR17' }, A, 195, 209],
      ['R', { position: 'rear', size: '160/60 ZR17' }, HQ, 199, 219],
    ],
  },
  {
    id: 'front-wheel-21',
    group: 'wheels',
    ref: 'TW-1401',
    kit: true,
    nameKey: 'store_article_front_wheel',
    name: '21" front wheel with tire',
    sku: 'SF-WH-F21',
    variants: [['', { wheel: '21"' }, A, 459, 499]],
  },
  {
    id: 'rear-wheel-18',
    group: 'wheels',
    ref: 'TW-1402',
    nameKey: 'store_article_rear_wheel',
    name: '18" rear wheel',
    sku: 'SF-WH-R18-',
    variants: [
      ['RIM', { wheel: '18"', tyre: 'none' }, A, 389, 429],
      ['TYRE', { wheel: '18"', tyre: 'fitted' }, HQ, 519, 569],
    ],
  },
  {
    id: 'front-fender',
    group: 'bodywork',
    ref: 'CH-2001',
    nameKey: 'store_article_front_fender',
    name: 'Front fender',
    sku: 'SF-FF-',
    variants: [
      ['WH', { colour: 'white' }, A, 45, 49],
      ['BK', { colour: 'black' }, A, 45, 49],
    ],
  },
  {
    id: 'rear-fender',
    group: 'bodywork',
    ref: 'CH-2002',
    nameKey: 'store_article_rear_fender',
    name: 'Rear fender',
    sku: 'SF-RF-',
    variants: [
      ['WH', { colour: 'white' }, A, 49, 55],
      ['BK', { colour: 'black' }, NA, 49, 55],
    ],
  },
  {
    id: 'side-panel-kit',
    group: 'bodywork',
    ref: 'CH-2003',
    kit: true,
    nameKey: 'store_article_side_panels',
    name: 'Side panel kit',
    sku: 'SF-SP-',
    variants: [
      ['RD', { colour: 'red' }, A, 89, 99],
      ['WH', { colour: 'white' }, A, 89, 99],
      ['GR', { colour: 'grey' }, HQ, 89, 99],
    ],
  },
  {
    id: 'handlebar',
    group: 'controls',
    ref: 'CH-2101',
    nameKey: 'store_article_handlebar',
    name: 'Handlebar',
    sku: 'SF-HB-01',
    variants: [['', {}, A, 129, 139]],
  },
  {
    id: 'brake-lever',
    group: 'controls',
    ref: 'CH-2102',
    nameKey: 'store_article_brake_lever',
    name: 'Brake lever',
    sku: 'SF-BL-01',
    variants: [['', {}, A, 39, 42]],
  },
  {
    id: 'powertrain-unit',
    group: 'powertrain-unit',
    ref: 'PT-3001',
    nameKey: 'store_article_powertrain_unit',
    name: 'Powertrain unit',
    sku: 'SF-PU-01',
    variants: [['', {}, HQ, 2_499, 2_790]],
  },
  {
    id: 'drive-chain',
    group: 'drive',
    ref: 'PT-3101',
    nameKey: 'store_article_drive_chain',
    name: 'Drive chain',
    sku: 'SF-DC-520',
    variants: [['', {}, A, 89, 95]],
  },
  {
    id: 'rear-sprocket',
    group: 'drive',
    ref: 'PT-3102',
    nameKey: 'store_article_rear_sprocket',
    name: 'Rear sprocket',
    sku: 'SF-RS-',
    variants: [
      ['48', { teeth: '48' }, A, 59, 65],
      ['50', { teeth: '50' }, A, 59, 65],
      ['52', { teeth: '52' }, NA, 59, 65],
    ],
  },
  {
    id: 'fork-spring',
    group: 'fork',
    ref: 'SU-4001',
    nameKey: 'store_article_fork_spring',
    name: 'Fork spring',
    sku: 'SF-FS-',
    variants: [
      ['44', { rate: '4.4 N/mm' }, A, 75.99, 84.99],
      ['46', { rate: '4.6 N/mm' }, A, 75.99, 84.99],
      ['48', { rate: '4.8 N/mm' }, NA, 75.99, 84.99],
    ],
  },
  {
    id: 'shock-spring',
    group: 'shock',
    ref: 'SU-4101',
    nameKey: 'store_article_shock_spring',
    name: 'Shock spring',
    sku: 'SF-SS-',
    variants: [
      ['50', { rate: '50 N/mm' }, A, 169.99, 189.99],
      ['52', { rate: '52 N/mm' }, A, 169.99, 189.99],
      ['54', { rate: '54 N/mm' }, HQ, 169.99, 189.99],
    ],
  },
  {
    id: 'grip-seat',
    group: 'seats-and-footpegs',
    ref: 'AC-5001',
    nameKey: 'store_article_grip_seat',
    name: 'Grip seat',
    sku: 'SF-SE-GRIP',
    variants: [['', {}, A, 189, 209]],
  },
  {
    id: 'super-grip-seat',
    group: 'seats-and-footpegs',
    ref: 'AC-5002',
    nameKey: 'store_article_super_grip_seat',
    name: 'Super grip seat',
    sku: 'SF-SE-SGRIP',
    variants: [['', {}, HQ, 220, 245]],
  },
  {
    id: 'titanium-footpegs',
    group: 'seats-and-footpegs',
    ref: 'AC-5003',
    kit: true,
    nameKey: 'store_article_titanium_footpegs',
    name: 'Titanium footpegs',
    sku: 'SF-FP-TI',
    variants: [['', {}, A, 99, 99]],
  },
  {
    id: 'front-disk-guard',
    group: 'protection',
    ref: 'AC-5101',
    nameKey: 'store_article_front_disk_guard',
    name: 'Front disc guard',
    sku: 'SF-DG-F',
    variants: [['', {}, A, 89, 89]],
  },
  {
    id: 'rear-disk-guard',
    group: 'protection',
    ref: 'AC-5102',
    nameKey: 'store_article_rear_disk_guard',
    name: 'Rear disc guard',
    sku: 'SF-DG-R',
    variants: [['', {}, NA, 79, 79]],
  },
  {
    id: 'portable-charger',
    group: 'charging',
    ref: 'AC-5201',
    nameKey: 'store_article_portable_charger',
    name: 'Portable charger',
    sku: 'SF-CH-PORT',
    variants: [['', {}, A, 799, 890]],
  },
  {
    id: 'cap',
    group: 'clothing',
    ref: 'ME-6001',
    nameKey: 'store_article_cap',
    name: 'Cap',
    sku: 'SF-CAP-',
    variants: [
      ['BK', { colour: 'black' }, A, 29, 29],
      ['WH', { colour: 'white' }, NA, 29, 29],
    ],
  },
  {
    id: 't-shirt',
    group: 'clothing',
    ref: 'ME-6002',
    nameKey: 'store_article_tshirt',
    name: 'T-shirt',
    sku: 'SF-TS-',
    variants: SIZES.map((size): VariantSeed => [size, { size }, size === 'XXL' ? NA : A, 35, 35]),
  },
  {
    id: 'hoodie',
    group: 'clothing',
    ref: 'ME-6003',
    nameKey: 'store_article_hoodie',
    name: 'Hoodie',
    sku: 'SF-HD-',
    variants: SIZES.map((size): VariantSeed => [size, { size }, size === 'S' ? HQ : A, 79, 79, 2_000]),
  },
  ...(['varg', 'varg-ex', 'varg-sm'] as const).map(
    (model, i): ArticleSeed => ({
      id: `extended-warranty-${model}`,
      group: `warranty-${model}`,
      ref: `EW-700${i + 1}`,
      nameKey: 'store_article_extended_warranty',
      name: 'Extended warranty',
      sku: `SF-EW-${{ varg: 'MX', 'varg-ex': 'EX', 'varg-sm': 'SM' }[model]}-`,
      variants: WARRANTY,
    }),
  ),
];

/** A derived list price in minor units: three significant figures, whole units at least (48.15 → 48.00). */
export function derivedListPrice(amount: number, rate: number): number {
  if (rate === 1) return Math.round(amount * 100);
  const value = amount * rate;
  const step = 10 ** Math.max(0, Math.floor(Math.log10(value)) - 2);
  return Math.round(value / step) * step * 100;
}

export interface StoreSeed {
  articles: Array<{
    id: string;
    groupSlug: string;
    drawingReference: string;
    kit: boolean;
    nameKey: string | null;
    name: string;
    sort: number;
  }>;
  variants: Array<{
    variantCode: string;
    articleId: string;
    attributes: Record<string, string>;
    availability: Availability;
    sort: number;
  }>;
  prices: Array<{ variantCode: string; currency: string; listPrice: number; discountBp: number }>;
}

/** Every article, variant and price row, in minor units. */
export function storeSeed(): StoreSeed {
  const seed: StoreSeed = { articles: [], variants: [], prices: [] };
  STORE_ARTICLES.forEach((a, i) => {
    seed.articles.push({
      id: a.id,
      groupSlug: a.group,
      drawingReference: a.ref,
      kit: a.kit ?? false,
      nameKey: a.nameKey ?? null,
      name: a.name,
      sort: i + 1,
    });
    a.variants.forEach(([suffix, attributes, availability, usd, eur, discountBp = 0], v) => {
      const variantCode = `${a.sku}${suffix}`;
      seed.variants.push({ variantCode, articleId: a.id, attributes, availability, sort: v + 1 });
      for (const [currency, from, rate] of CURRENCY_RATES) {
        seed.prices.push({
          variantCode,
          currency,
          listPrice: derivedListPrice(from === 'eur' ? eur : usd, rate),
          discountBp,
        });
      }
    });
  });
  return seed;
}

/** The API draws a document's PDF from its `content`; the storage provider may later hold a file under the key. */
const documentFileUrl = (id: string) => `/v1/technical-documents/${id}/file`;

const doc = (id: string, key: string, name: string, code: string, extra: Partial<TechnicalDocumentSeed> = {}) => {
  const content = DOCUMENT_CONTENT[code] ?? null;
  return {
    id,
    nameKey: `techdoc_${key}`,
    name,
    code,
    fileKey: content ? `technical-documents/${code}.pdf` : null,
    fileUrl: content ? documentFileUrl(id) : null,
    videoUrl: null,
    media: [],
    model: null,
    content,
    ...extra,
  };
};

export interface TechnicalDocumentSeed {
  id: string;
  nameKey: string;
  name: string;
  code: string;
  fileKey: string | null;
  fileUrl: string | null;
  videoUrl: string | null;
  media: Array<{ key: string; url: string }>;
  model: Model | null;
  /** What the PDF is drawn from; null for a video alone. */
  content: TechnicalDocumentContent | null;
  sort: number;
}

const VIDEOS = 'https://www.youtube.com/@StarkFuture/search?query=';

/** Manuals, torque tables and videos. A document with content has a file: its PDF, drawn by the API. */
export const TECHNICAL_DOCUMENTS: TechnicalDocumentSeed[] = [
  doc('TD001', 'owners_manual_mx', "VARG MX owner's manual", 'OM-VARG-MX', { model: 'varg' }),
  doc('TD002', 'owners_manual_ex', "VARG EX owner's manual", 'OM-VARG-EX', { model: 'varg-ex' }),
  doc('TD003', 'owners_manual_sm', "VARG SM owner's manual", 'OM-VARG-SM', { model: 'varg-sm' }),
  doc('TD004', 'service_manual_mx', 'VARG MX service manual', 'SM-VARG-MX', { model: 'varg' }),
  doc('TD005', 'service_manual_ex', 'VARG EX service manual', 'SM-VARG-EX', { model: 'varg-ex' }),
  doc('TD006', 'torque_chassis', 'Torque table: chassis', 'TQ-CHASSIS'),
  doc('TD007', 'torque_powertrain', 'Torque table: powertrain', 'TQ-POWERTRAIN'),
  doc('TD008', 'charging_guide', 'Charging guide', 'CG-CHARGING', {
    videoUrl: `${VIDEOS}charging`,
    media: [{ key: 'docs/media/charging-guide-cover.svg', url: '/docs/media/charging-guide-cover.svg' }],
  }),
  doc('TD009', 'battery_care', 'Battery storage and winter care', 'CG-BATTERY-CARE'),
  doc('TD010', 'suspension_setup', 'Suspension setup', 'VD-SUSPENSION', { videoUrl: `${VIDEOS}suspension` }),
  doc('TD011', 'tyre_mousse', 'Changing a tire and a mousse', 'VD-TYRE-MOUSSE', { videoUrl: `${VIDEOS}tyre` }),
  doc('TD012', 'chain_tension', 'Chain tension and wheel alignment', 'VD-CHAIN', {
    videoUrl: `${VIDEOS}chain`,
  }),
].map((d, i) => ({ ...d, sort: i + 1 }));

/**
 * Inserts the store and the technical documents; rows that exist are left alone (seed/index.ts), except that a
 * document without content (a database seeded before migration 0007) gets the seed's.
 */
export async function seedStore(tx: Pick<Db, 'insert' | 'update'>): Promise<void> {
  const { articles, variants, prices } = storeSeed();
  await tx.insert(storeCategories).values(STORE_CATEGORIES).onConflictDoNothing();
  await tx.insert(storeGroups).values(STORE_GROUPS).onConflictDoNothing();
  await tx.insert(storeArticles).values(articles).onConflictDoNothing();
  await tx.insert(storeVariants).values(variants).onConflictDoNothing();
  await tx.insert(storeVariantPrices).values(prices).onConflictDoNothing();
  await tx.insert(technicalDocuments).values(TECHNICAL_DOCUMENTS).onConflictDoNothing();
  for (const d of TECHNICAL_DOCUMENTS) {
    if (!d.content) continue;
    await tx
      .update(technicalDocuments)
      .set({ content: d.content })
      .where(and(eq(technicalDocuments.id, d.id), isNull(technicalDocuments.content)));
  }
}
