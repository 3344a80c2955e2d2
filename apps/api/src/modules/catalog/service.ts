import type { BikeConfiguration, ComponentOption, PricingInfo, StockBikeSearch } from '@varg/contracts';
import type { Db } from '@varg/db';
import {
  ACTIVE_STATUS,
  configurationConflicts,
  configurationHash,
  FINANCE_OFFERS,
  groupKey,
  type OptionRule,
  optionNameKey,
  pageInfo,
  priceConfiguration,
} from '@varg/domain';
import { ApiError } from '../../lib/api-error.ts';
import { readCache } from '../../lib/read-cache.ts';
import { catalogImageView } from './image-view.ts';
import { editedPricesOf, type OrderLineToEdit, pricedForLine } from './order-line.ts';
import { type CatalogRepo, catalogRepo } from './repo.ts';
import { stockBikePhotoUrl } from './stock-photos.ts';

/** Weeks from order to delivery of a bike in stock. */
const STOCK_LEAD_TIME_WEEKS = 2;
/** Weeks from order to delivery of a configured (built-to-order) bike. */
const LEAD_TIME_WEEKS: Record<string, number> = { varg: 8, 'varg-ex': 10, 'varg-sm': 12 };

const DAY_MS = 86_400_000;
/** The last date `addWeeks` made, by its UTC day and weeks: a day's cart reads all ask the same. */
let lastWeeks = { day: Number.NaN, weeks: Number.NaN, date: '' };
function addWeeks(now: Date, weeks: number): string {
  const day = Math.floor(now.getTime() / DAY_MS);
  if (lastWeeks.day !== day || lastWeeks.weeks !== weeks)
    lastWeeks = { day, weeks, date: new Date((day + weeks * 7) * DAY_MS).toISOString().slice(0, 10) };
  return lastWeeks.date;
}

/** Catalogue rows change with an administrator's edit; each process re-reads them after this long. */
export const CATALOG_CACHE_TTL_MS = 30_000;

/** The repository with its reads kept for a while: pricing a configuration then touches no database. */
function cachedReads(repo: CatalogRepo, ttl: number): CatalogRepo & { clear(): void } {
  // Every market's price lists and option groups: more than the default budget of a read cache.
  const cached = readCache(ttl, 2_000, 8 * 1024 * 1024);
  const wrap =
    <A extends unknown[], R>(name: string, fn: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      cached(`${name} ${JSON.stringify(args)}`, () => fn(...args));
  return {
    category: wrap('category', repo.category),
    products: wrap('products', repo.products),
    product: wrap('product', repo.product),
    market: wrap('market', repo.market),
    priceList: wrap('priceList', repo.priceList),
    options: wrap('options', repo.options),
    rules: wrap('rules', repo.rules),
    images: wrap('images', repo.images),
    saveConfiguration: repo.saveConfiguration,
    stockBikes: repo.stockBikes,
    stockBike: repo.stockBike,
    stockBikePhotoIds: repo.stockBikePhotoIds,
    configuration: wrap('configuration', repo.configuration),
    clear: cached.clear,
  };
}

type MarketRow = NonNullable<Awaited<ReturnType<CatalogRepo['market']>>>;
type OptionRow = Awaited<ReturnType<CatalogRepo['options']>>[number];
type ComponentGroupView = { group: string; nameKey: string; options: ComponentOption[] };

/**
 * The configurator's price of a choice (decision 009): the chosen options, one per group, the defaults for the rest,
 * priced by the domain's `priceConfiguration` with the market's tax display, VAT rate, deposit and finance offer. An
 * option the model does not offer, or two of one group, is INVALID_CONFIGURATION; a broken rule INCOMPATIBLE_OPTIONS.
 * The back office's preview calls it with the prices being edited.
 */
/**
 * The options of a configuration (decision 009): the chosen ones, one per group, the defaults for the rest. An option
 * the model does not offer, or two of one group, is INVALID_CONFIGURATION; options that cannot be built together are
 * INCOMPATIBLE_OPTIONS. Nothing is silently dropped or swapped.
 */
export function chooseOptions<O extends Pick<OptionRow, 'optionId' | 'groupId' | 'isDefault'>>(input: {
  options: readonly O[];
  rules: readonly OptionRule[];
  componentIds: readonly string[];
}): O[] {
  const byId = new Map(input.options.map((o) => [o.optionId, o]));
  const chosen = new Map<string, O>();
  for (const id of new Set(input.componentIds)) {
    const option = byId.get(id);
    if (!option || chosen.has(option.groupId)) throw new ApiError('INVALID_CONFIGURATION');
    chosen.set(option.groupId, option);
  }
  for (const option of input.options)
    if (option.isDefault && !chosen.has(option.groupId)) chosen.set(option.groupId, option);
  const selection = [...chosen.values()];
  const conflicts = configurationConflicts(
    input.rules,
    selection.map((o) => o.optionId),
  );
  if (conflicts.length) throw new ApiError('INCOMPATIBLE_OPTIONS');
  return selection;
}

/**
 * The configurator's price of a choice (decision 009): the options `chooseOptions` picks, priced by the domain's
 * `priceConfiguration` with the market's tax display, VAT rate, deposit and finance offer. The back office's preview
 * calls it with the prices being edited.
 */
export function priceChoice(input: {
  market: MarketRow;
  list: { basePrice: number; deposit: number };
  options: readonly OptionRow[];
  rules: readonly OptionRule[];
  componentIds: readonly string[];
}) {
  const { market, list } = input;
  const selection = chooseOptions(input);
  const priced = priceConfiguration(
    { basePrice: list.basePrice, optionPrices: selection.map((o) => o.amount ?? 0) },
    {
      currency: market.currencyCode,
      taxDisplay: market.taxDisplay as 'including' | 'excluding',
      vatRateBp: market.vatRateBp,
      deposit: list.deposit,
      finance: FINANCE_OFFERS[market.currencyCode] ?? null,
    },
  );
  return { priced, ids: selection.map((o) => o.optionId).sort() };
}

/** Most derived answers one memo keeps per set of rows (a configuration's price, one per chosen option list). */
const MEMO_MAX = 1_000;

/**
 * Answers derived from the catalogue's cached rows, kept for as long as those very rows are (decision 035, "Session
 * 14"): keyed by the identity of the row objects the read cache handed out, so a re-read or a cleared cache (an
 * administrator's edit) brings new objects and the memo misses. Nothing outlives the rows it was made from.
 */
function rowMemo<V>() {
  const root = new WeakMap<object, unknown>();
  return (rows: readonly object[], key: string, make: () => V): V => {
    let level = root;
    for (const row of rows.slice(0, -1)) {
      let next = level.get(row) as WeakMap<object, unknown> | undefined;
      if (!next) {
        next = new WeakMap();
        level.set(row, next);
      }
      level = next;
    }
    const last = rows[rows.length - 1] as object;
    let answers = level.get(last) as Map<string, V> | undefined;
    if (!answers) {
      answers = new Map();
      level.set(last, answers);
    }
    const kept = answers.get(key);
    if (kept !== undefined) return kept;
    const made = make();
    if (answers.size >= MEMO_MAX) answers.clear();
    answers.set(key, made);
    return made;
  };
}

/** A model's option groups as a cart line names them: each option's id and translation key, in the groups' order. */
export interface OptionLabels {
  group: string;
  nameKey: string;
  options: Array<{ id: string; nameKey: string }>;
}

export function catalogService(
  source: CatalogRepo,
  now: () => Date = () => new Date(),
  cacheTtlMs = CATALOG_CACHE_TTL_MS,
) {
  const repo: CatalogRepo & { clear?: () => void } = cacheTtlMs > 0 ? cachedReads(source, cacheTtlMs) : source;
  /** Configuration hashes this process has stored (a configuration, once saved, never changes). */
  const savedHashes = new Set<string>();
  const pricedChoices = rowMemo<ReturnType<typeof priceChoice> & { hash: string }>();
  const labels = rowMemo<OptionLabels[]>();
  const nameKeys = rowMemo<ReadonlyMap<string, string>>();
  async function marketOf(country: string) {
    const market = await repo.market(country);
    if (!market || market.status !== ACTIVE_STATUS) throw new ApiError('COUNTRY_NOT_FOUND');
    return market;
  }

  /** `chooseOptions` over the model's options and rules as this process reads them. */
  async function chosenOptions(productId: string, currency: string, componentIds: string[]) {
    return chooseOptions({
      options: await repo.options(productId, currency),
      rules: await repo.rules(productId),
      componentIds,
    });
  }

  /** An active model of the public catalogue; a preorder model is not one (decision 052). */
  async function productOf(id: string) {
    const product = await repo.product(id);
    if (!product || product.status !== ACTIVE_STATUS || product.presale) throw new ApiError('PRODUCT_NOT_FOUND');
    return product;
  }

  /** A model's list entry: its base price and deposit in the market's currency. */
  async function listItem(p: NonNullable<Awaited<ReturnType<CatalogRepo['product']>>>, market: MarketRow) {
    const [list, images] = await Promise.all([repo.priceList(p.id, market.currencyCode), repo.images(p.id)]);
    const currencyCode = market.currencyCode;
    const gallery = images.filter((i) => i.optionId === null);
    return {
      _id: p.id,
      slug: p.id,
      nameKey: p.nameKey,
      category: p.categorySlug,
      status: p.status,
      configurable: p.configurable,
      price: list ? { amount: list.basePrice, currencyCode } : null,
      deposit: list ? { amount: list.deposit, currencyCode } : null,
      // The cover first, then the gallery in its order.
      images: [...gallery.filter((i) => i.cover), ...gallery.filter((i) => !i.cover)].map(catalogImageView),
    };
  }

  return {
    /** Forgets the catalogue rows this process keeps (an administrator changed them: decision 041). */
    invalidate() {
      repo.clear?.();
    },

    async categoryBySlug(slug: string) {
      const category = await repo.category(slug);
      if (!category) throw new ApiError('NOT_FOUND');
      return { _id: category.slug, slug: category.slug, nameKey: category.nameKey };
    },

    async productList(query: { countryLocation: string; category: string; status: number }) {
      const market = await marketOf(query.countryLocation);
      const rows = await repo.products(query.category, query.status);
      return { docs: await Promise.all(rows.map((p) => listItem(p, market))) };
    },

    /**
     * A preorder model for a viewer who may see it (decision 052): `allowed` decides from the model's own list of
     * invited addresses. Anybody else, and any model that is not an active preorder one, is PRODUCT_NOT_FOUND.
     */
    async presaleModel(productId: string, country: string, allowed: (presaleEmails: readonly string[]) => boolean) {
      const product = await repo.product(productId);
      if (!product?.presale || product.status !== ACTIVE_STATUS || !allowed(product.presaleEmails)) {
        throw new ApiError('PRODUCT_NOT_FOUND');
      }
      return listItem(product, await marketOf(country));
    },

    /**
     * The option groups of a model with each option's price difference in the market's currency. With `db` (a
     * transaction writing an e-mail about an order) read through it, uncached: PGlite's one connection is the
     * transaction's, and a read on another would wait for it forever.
     */
    async components(productId: string, country: string, db?: Db): Promise<ComponentGroupView[]> {
      if (db) return catalogService(catalogRepo(db), now, 0).components(productId, country);
      await productOf(productId);
      const market = await marketOf(country);
      const [rows, rules, images] = await Promise.all([
        repo.options(productId, market.currencyCode),
        repo.rules(productId),
        repo.images(productId),
      ]);
      const imageOf = new Map(images.filter((i) => i.optionId !== null).map((i) => [i.optionId, catalogImageView(i)]));
      const related = (id: string, kind: string) =>
        rules.filter((r) => r.optionId === id && r.kind === kind).map((r) => r.otherOptionId);
      const groups = new Map<string, { group: string; nameKey: string; options: ComponentOption[] }>();
      for (const row of rows) {
        const group = groups.get(row.groupId) ?? { group: row.groupId, nameKey: row.groupNameKey, options: [] };
        group.options.push({
          id: row.optionId,
          name: row.name ?? row.optionId,
          nameKey: optionNameKey(row.optionId, market.code, market.weightUnit),
          price: { amount: row.amount ?? 0, currencyCode: market.currencyCode },
          isDefault: row.isDefault,
          requires: related(row.optionId, 'requires'),
          excludes: related(row.optionId, 'excludes'),
          image: imageOf.get(row.optionId) ?? null,
        });
        groups.set(row.groupId, group);
      }
      return [...groups.values()];
    },

    /**
     * The translation keys of a model's option groups and options in a market (what a cart line shows of its
     * options): `components` without prices, rules and images, kept while the rows it is made of are. Shared between
     * callers: read it, do not change it. PRODUCT_NOT_FOUND or COUNTRY_NOT_FOUND as `components`.
     */
    async optionLabels(productId: string, country: string): Promise<readonly OptionLabels[]> {
      await productOf(productId);
      const market = await marketOf(country);
      const rows = await repo.options(productId, market.currencyCode);
      return labels([market, rows], '', () => {
        const groups = new Map<string, OptionLabels>();
        for (const row of rows) {
          const group = groups.get(row.groupId) ?? { group: row.groupId, nameKey: row.groupNameKey, options: [] };
          group.options.push({
            id: row.optionId,
            nameKey: optionNameKey(row.optionId, market.code, market.weightUnit),
          });
          groups.set(row.groupId, group);
        }
        return [...groups.values()];
      });
    },

    /** The translation key of each model of a category by its id, as `productList` has them (a cart line's name). */
    async modelNameKeys(query: { countryLocation: string; category: string; status: number }) {
      await marketOf(query.countryLocation);
      const rows = await repo.products(query.category, query.status);
      return nameKeys([rows], '', () => new Map(rows.map((p) => [p.id, p.nameKey])));
    },

    /**
     * Prices a configuration: the chosen options, one per group, the defaults for the rest. An option the model
     * does not offer, or two of one group, is a 400 (INVALID_CONFIGURATION); options that cannot be built together
     * are a 400 INCOMPATIBLE_OPTIONS. Nothing is silently dropped or swapped.
     */
    async orderInfo(productId: string, country: string, componentIds: string[]): Promise<PricingInfo> {
      await productOf(productId);
      const market = await marketOf(country);
      const list = await repo.priceList(productId, market.currencyCode);
      if (!list) throw new ApiError('PRICE_UNAVAILABLE');
      const options = await repo.options(productId, market.currencyCode);
      const rules = await repo.rules(productId);
      // The same choice on the same rows prices the same: a cart read or an add does not do the arithmetic again.
      const choice = pricedChoices([market, list, options, rules], componentIds.join(' '), () => {
        const made = priceChoice({ market, list, options, rules, componentIds });
        return { ...made, hash: configurationHash(productId, made.ids) };
      });
      const { priced, hash } = choice;
      const ids = [...choice.ids];
      const currencyCode = market.currencyCode;
      // Saved once per process: pricing a cart or a configuration again writes nothing.
      if (!savedHashes.has(hash)) {
        await repo.saveConfiguration(hash, productId, ids);
        if (savedHashes.size >= 50_000) savedHashes.clear();
        savedHashes.add(hash);
      }
      return {
        productId,
        componentIds: ids,
        inStock: false,
        currencyCode,
        basePrice: list.basePrice,
        price: { amount: priced.price, currencyCode },
        totalPrice: priced.price,
        discountedPrice: priced.totalPrice,
        discountPercentage: priced.discountPercentage,
        discountedVat: priced.vat,
        taxDisplay: market.taxDisplay as 'including' | 'excluding',
        deposit: { amount: priced.deposit, currencyCode },
        financeFrom: priced.financeFrom === null ? null : { amount: priced.financeFrom, currencyCode },
        deliveryDate: addWeeks(now(), LEAD_TIME_WEEKS[productId] ?? 10),
        stockBikeDeliveryDate: null,
        hash,
      };
    },

    /**
     * A model's configuration checked by the configurator's rules, in any market (a stock bike may be entered before
     * its market opens): the sorted option ids with the defaults filled in, and its hash.
     */
    async checkConfiguration(productId: string, componentIds: string[]) {
      await productOf(productId);
      const ids = (await chosenOptions(productId, 'EUR', componentIds)).map((o) => o.optionId).sort();
      return { optionIds: ids, hash: configurationHash(productId, ids) };
    },

    /** Stock bikes with the configurator's filters (spec section 3): page 1, 10 a page by default. */
    async searchStockBikes(search: StockBikeSearch, dealerId?: string) {
      await productOf(search.productId);
      const groups = Object.values(search.filters).filter((ids): ids is string[] => !!ids && ids.length > 0);
      const { rows, total } = await repo.stockBikes({ ...search, groups, ...(dealerId ? { dealerId } : {}) });
      const docs = await Promise.all(rows.map((row) => this.stockBikeView(row, search.country)));
      const { hasPrevPage: _, prevPage: __, ...page } = pageInfo(search.page, search.limit, total);
      return { docs, ...page };
    },

    async stockBikeById(id: string, country: string) {
      const row = await repo.stockBike(id);
      if (row?.status !== 'available') throw new ApiError('NOT_FOUND');
      return this.stockBikeView(row, country);
    },

    async stockBikeView(
      row: {
        id: string;
        productId: string;
        optionIds: string[];
        hash: string;
        country: string;
        dealerId: string | null;
      },
      country: string,
    ) {
      const [pricing, photoIds] = await Promise.all([
        this.orderInfo(row.productId, country, row.optionIds),
        repo.stockBikePhotoIds(row.id),
      ]);
      const stockBikeDeliveryDate = addWeeks(now(), STOCK_LEAD_TIME_WEEKS);
      return {
        _id: row.id,
        productId: row.productId,
        componentIds: row.optionIds,
        hash: row.hash,
        country: row.country,
        atDealer: row.dealerId !== null,
        photos: photoIds.map((photoId) => stockBikePhotoUrl(row.id, photoId)),
        pricing: { ...pricing, inStock: true, stockBikeDeliveryDate, deliveryDate: stockBikeDeliveryDate },
      };
    },

    /**
     * The catalogue's pricing of a configuration named by its hash, in a market; for an order line being edited
     * (`line`), in the order's market, the line's own configuration by its options (it may have been ordered before
     * its hash was saved).
     */
    async listedByHash(hash: string, country: string, line?: OrderLineToEdit): Promise<PricingInfo> {
      const saved = line?.hash === hash ? line : await repo.configuration(hash);
      if (!saved) throw new ApiError('CONFIGURATION_NOT_FOUND');
      return this.orderInfo(saved.productId, line?.country ?? country, saved.optionIds);
    },

    /**
     * The pricing of a configuration named by its hash (spec: GET checkout/{hash}/pricing), in a market; for an order
     * line being edited (`line`), as the line would have it (decision 050).
     */
    async pricingByHash(hash: string, country: string, line?: OrderLineToEdit): Promise<PricingInfo> {
      const listed = await this.listedByHash(hash, country, line);
      return line ? pricedForLine(listed, line, hash === line.hash) : listed;
    },

    /**
     * A configuration named by its hash (spec: GET checkout/{hash}), with the chosen option per group, for the
     * configurator to restore; for an order line being edited (`line`, builder edit mode), priced as the line would
     * have it, with the line's quantity and `editedPrices` (decision 050).
     */
    async configurationByHash(hash: string, country: string, line?: OrderLineToEdit): Promise<BikeConfiguration> {
      const listed = await this.listedByHash(hash, country, line);
      const own = hash === line?.hash;
      const pricing = line ? pricedForLine(listed, line, own) : listed;
      const rows = await repo.options(pricing.productId, pricing.currencyCode);
      const options: Record<string, string> = {};
      const optionsPrices: Record<string, number> = {};
      for (const row of rows) {
        if (!pricing.componentIds.includes(row.optionId)) continue;
        options[groupKey(row.groupId)] = row.optionId;
        optionsPrices[row.optionId] = row.amount ?? 0;
      }
      return {
        hash: pricing.hash,
        productId: pricing.productId,
        options,
        componentIds: pricing.componentIds,
        quantity: line?.quantity ?? 1,
        price: { amount: pricing.discountedPrice, currencyCode: pricing.currencyCode },
        deliveryDate: pricing.deliveryDate,
        stockBikeDeliveryDate: pricing.stockBikeDeliveryDate,
        editedPrices: line ? editedPricesOf(listed, pricing, line, own, optionsPrices) : null,
        pricing,
      };
    },

    /**
     * Dealer pricing (spec: POST checkout/calculate-product-price): the dealer's own base and option prices, less the
     * dealer discount, in minor units.
     */
    calculateProductPrice(input: { basePrice: number; dealerDiscount: number; componentsPrices: number[] }) {
      const price = input.basePrice + input.componentsPrices.reduce((a, b) => a + b, 0);
      const discounted = Math.round((price * (100 - input.dealerDiscount)) / 100);
      return { price, discountPercentage: input.dealerDiscount, discountedPrice: discounted };
    },
  };
}
export type CatalogService = ReturnType<typeof catalogService>;
