import type {
  AdminModel,
  AdminModelsQuery,
  AdminOptionCreate,
  AdminOptionPatch,
  AdminPreview,
  AdminPreviewBody,
  ModelStatus,
} from '@varg/contracts';
import { MODEL_STATUSES } from '@varg/contracts';
import { configurationConflicts, type OptionRule, optionNameKey } from '@varg/domain';
import { ApiError } from '../../lib/api-error.ts';
import type { AuditService } from '../audit/service.ts';
import { changedFields } from '../audit/service.ts';
import { optionRemoval } from './admin-option-removal.ts';
import type { CatalogAdminRepo, Tx } from './admin-repo.ts';
import type { CatalogChanges } from './changes.ts';
import type { CatalogRepo } from './repo.ts';
import { priceChoice } from './service.ts';

/** Status names of `products.status` (1 = on sale, the only one the shop serves). */
const statusName = (status: number): ModelStatus => MODEL_STATUSES[status] ?? 'hidden';
const statusNumber = (status: ModelStatus) => MODEL_STATUSES.indexOf(status);

export interface Actor {
  userId: string;
  ip: string;
}

/**
 * The back office's catalogue (decision 041): every change is checked against the model's default configuration,
 * audited in its transaction, and announced to every process (`changes`) once committed.
 */
export function catalogAdminService(deps: {
  repo: CatalogAdminRepo;
  /** The shop's catalogue reads, uncached (markets for the preview). */
  shop: Pick<CatalogRepo, 'market'>;
  audit: Pick<AuditService, 'record'>;
  changes: Pick<CatalogChanges, 'changed'>;
}) {
  const { repo, audit, changes } = deps;
  const removeOption = optionRemoval({ repo, audit });

  async function modelOf(productId: string, tx?: Tx) {
    const product = await repo.product(productId, tx);
    if (!product) throw new ApiError('PRODUCT_NOT_FOUND');
    return product;
  }

  /**
   * Refuses a change after which the model's default configuration cannot be built: a group without exactly one
   * default, or a broken requires/excludes rule among the defaults (named in the error).
   */
  async function checkDefaults(productId: string, tx: Tx) {
    const [rows, rules] = await Promise.all([repo.options(productId, tx), repo.rules(productId, tx)]);
    const defaults = rows.filter((r) => r.option.isDefault).map((r) => r.option.optionId);
    const [conflict] = configurationConflicts(rules, defaults);
    if (conflict)
      throw new ApiError('DEFAULT_CONFIGURATION_BROKEN', {
        option: conflict.optionId,
        other: conflict.otherOptionId,
      });
  }

  /** Runs a change in one transaction with the model locked, then tells every process the catalogue changed. */
  async function change<T>(productId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
    const result = await repo.transaction(async (tx) => {
      await modelOf(productId, tx);
      await repo.lockModel(productId, tx);
      const value = await fn(tx);
      await checkDefaults(productId, tx);
      return value;
    });
    await changes.changed(productId);
    return result;
  }

  async function model(productId: string): Promise<AdminModel> {
    const product = await modelOf(productId);
    const [rows, prices, rules, lists] = await Promise.all([
      repo.options(productId),
      repo.optionPrices(productId),
      repo.rules(productId),
      repo.priceLists(productId),
    ]);
    const groups = new Map<string, AdminModel['groups'][number]>();
    for (const { option, groupNameKey } of rows) {
      const group = groups.get(option.groupId) ?? { id: option.groupId, nameKey: groupNameKey, options: [] };
      group.options.push({
        optionId: option.optionId,
        name: option.name,
        nameKey: optionNameKey(option.optionId, 'DE'),
        isDefault: option.isDefault,
        sort: option.sort,
        prices: Object.fromEntries(
          prices.filter((p) => p.optionId === option.optionId).map((p) => [p.currency, p.amount]),
        ),
      });
      groups.set(option.groupId, group);
    }
    return {
      _id: product.id,
      nameKey: product.nameKey,
      category: product.categorySlug,
      status: statusName(product.status),
      configurable: product.configurable,
      sort: product.sort,
      presale: product.presale,
      presaleEmails: product.presaleEmails,
      groups: [...groups.values()],
      rules,
      prices: lists.map((l) => ({ currency: l.currency, basePrice: l.basePrice, deposit: l.deposit })),
      defaults: rows.filter((r) => r.option.isDefault).map((r) => r.option.optionId),
    };
  }

  /** The option's audited fields. */
  const optionFields = (o: { name: string | null; isDefault: boolean; sort: number; groupId: string }) => ({
    group: o.groupId,
    name: o.name,
    isDefault: o.isDefault,
    sort: o.sort,
  });

  return {
    model,

    async models(query: AdminModelsQuery) {
      const { rows, total } = await repo.models({
        ...query,
        status: query.status === undefined ? undefined : statusNumber(query.status),
      });
      return {
        docs: rows.map(({ product: p, options }) => ({
          _id: p.id,
          nameKey: p.nameKey,
          category: p.categorySlug,
          status: statusName(p.status),
          configurable: p.configurable,
          sort: p.sort,
          presale: p.presale,
          options,
        })),
        total,
        page: query.page,
        pageSize: query.pageSize,
      };
    },

    async updateModel(
      actor: Actor,
      productId: string,
      patch: { status?: ModelStatus; sort?: number; presaleEmails?: string[] },
    ) {
      await change(productId, async (tx) => {
        const before = await modelOf(productId, tx);
        // Only a preorder model has invitations; the list is kept sorted and without repeats.
        if (patch.presaleEmails && !before.presale) throw new ApiError('VALIDATION_ERROR');
        const emails = patch.presaleEmails ? [...new Set(patch.presaleEmails)].sort() : undefined;
        const next = {
          ...(patch.status === undefined ? {} : { status: statusNumber(patch.status) }),
          ...(patch.sort === undefined ? {} : { sort: patch.sort }),
          ...(emails === undefined ? {} : { presaleEmails: emails }),
        };
        await repo.updateModel(productId, next, tx);
        const diff = changedFields(
          { status: statusName(before.status), sort: before.sort, presaleEmails: before.presaleEmails },
          { status: patch.status, sort: patch.sort, presaleEmails: emails },
        );
        await audit.record(
          {
            actorId: actor.userId,
            action: 'catalog.model.update',
            ip: actor.ip,
            entity: { type: 'model', id: productId },
            ...diff,
          },
          tx,
        );
      });
      return model(productId);
    },

    async addOption(actor: Actor, productId: string, body: AdminOptionCreate) {
      await change(productId, async (tx) => {
        if (!(await repo.group(body.groupId, tx))) throw new ApiError('OPTION_GROUP_NOT_FOUND');
        await checkPrices(productId, body.prices, true, tx);
        const rows = await repo.options(productId, tx);
        const inGroup = rows.filter((r) => r.option.groupId === body.groupId);
        const sort = body.sort ?? Math.max(0, ...inGroup.map((r) => r.option.sort + 1));
        // A group's first option is its default: every group of the default configuration has one.
        const isDefault = body.isDefault || inGroup.length === 0;
        const row = { productId, optionId: body.optionId, groupId: body.groupId, name: body.name, isDefault, sort };
        if (!(await repo.insertOption(row, tx))) throw new ApiError('OPTION_EXISTS');
        if (isDefault) await clearOtherDefaults(actor, productId, body.groupId, body.optionId, tx);
        await repo.setOptionPrices(productId, body.optionId, body.prices, tx);
        await audit.record(
          {
            actorId: actor.userId,
            action: 'catalog.option.create',
            ip: actor.ip,
            entity: { type: 'option', id: `${productId}:${body.optionId}` },
            after: { ...optionFields(row), prices: body.prices },
          },
          tx,
        );
      });
      return model(productId);
    },

    async updateOption(actor: Actor, productId: string, optionId: string, patch: AdminOptionPatch) {
      await change(productId, async (tx) => {
        const rows = await repo.options(productId, tx);
        const current = rows.find((r) => r.option.optionId === optionId)?.option;
        if (!current) throw new ApiError('OPTION_NOT_FOUND');
        const prices = await repo.optionPrices(productId, tx);
        const pricesBefore = Object.fromEntries(
          prices.filter((p) => p.optionId === optionId).map((p) => [p.currency, p.amount]),
        );
        if (patch.prices) await checkPrices(productId, patch.prices, false, tx);
        const next = {
          ...(patch.name === undefined ? {} : { name: patch.name }),
          ...(patch.isDefault ? { isDefault: true } : {}),
          ...(patch.sort === undefined ? {} : { sort: patch.sort }),
        };
        if (Object.keys(next).length) await repo.updateOption(productId, optionId, next, tx);
        if (patch.isDefault && !current.isDefault)
          await clearOtherDefaults(actor, productId, current.groupId, optionId, tx);
        if (patch.prices) await repo.setOptionPrices(productId, optionId, patch.prices, tx);
        const diff = changedFields(
          { ...optionFields(current), prices: pricesBefore },
          {
            ...next,
            ...(patch.prices ? { prices: { ...pricesBefore, ...patch.prices } } : {}),
          },
        );
        await audit.record(
          {
            actorId: actor.userId,
            action: 'catalog.option.update',
            ip: actor.ip,
            entity: { type: 'option', id: `${productId}:${optionId}` },
            ...diff,
          },
          tx,
        );
      });
      return model(productId);
    },

    /** Removes an option no order or stock bike carries (decision 055). */
    async deleteOption(actor: Actor, productId: string, optionId: string) {
      await change(productId, (tx) => removeOption(actor, productId, optionId, tx));
      return model(productId);
    },

    /** Replaces the model's compatibility rules; each must name two different options the model offers. */
    async setRules(actor: Actor, productId: string, rules: OptionRule[]) {
      const unique = [...new Map(rules.map((r) => [`${r.optionId} ${r.kind} ${r.otherOptionId}`, r])).values()];
      await change(productId, async (tx) => {
        const named = [...new Set(unique.flatMap((r) => [r.optionId, r.otherOptionId]))];
        const offered = new Set(await repo.offered(productId, named, tx));
        const bad = unique.find(
          (r) => r.optionId === r.otherOptionId || !offered.has(r.optionId) || !offered.has(r.otherOptionId),
        );
        if (bad) throw new ApiError('INVALID_CONFIGURATION');
        const before = await repo.rules(productId, tx);
        await repo.setRules(productId, unique, tx);
        const text = (list: OptionRule[]) => list.map((r) => `${r.optionId} ${r.kind} ${r.otherOptionId}`).sort();
        await audit.record(
          {
            actorId: actor.userId,
            action: 'catalog.rules.update',
            ip: actor.ip,
            entity: { type: 'model', id: productId },
            ...changedFields({ rules: text(before) }, { rules: text(unique) }),
          },
          tx,
        );
      });
      return model(productId);
    },

    async setPriceList(
      actor: Actor,
      productId: string,
      currency: string,
      list: { basePrice: number; deposit: number },
    ) {
      await change(productId, async (tx) => {
        const before = (await repo.priceLists(productId, tx)).find((l) => l.currency === currency);
        await repo.setPriceList(productId, currency, list, tx);
        await audit.record(
          {
            actorId: actor.userId,
            action: before ? 'catalog.price.update' : 'catalog.price.create',
            ip: actor.ip,
            entity: { type: 'price', id: `${productId}:${currency}` },
            ...changedFields(before ? { basePrice: before.basePrice, deposit: before.deposit } : {}, list),
          },
          tx,
        );
      });
      return model(productId);
    },

    /**
     * The configurator's total of a configuration in a market, computed as the shop computes it (`priceChoice`), with
     * the base price, deposit and option prices being edited in place of the saved ones: what buyers will see once
     * the change is saved.
     */
    async preview(productId: string, body: AdminPreviewBody): Promise<AdminPreview> {
      await modelOf(productId);
      const market = await deps.shop.market(body.country);
      if (!market) throw new ApiError('COUNTRY_NOT_FOUND');
      const currency = market.currencyCode;
      const [rows, prices, rules, lists] = await Promise.all([
        repo.options(productId),
        repo.optionPrices(productId),
        repo.rules(productId),
        repo.priceLists(productId),
      ]);
      const saved = lists.find((l) => l.currency === currency);
      const basePrice = body.basePrice ?? saved?.basePrice;
      const deposit = body.deposit ?? saved?.deposit;
      if (basePrice === undefined || deposit === undefined) throw new ApiError('PRICE_UNAVAILABLE');
      const options = rows.map(({ option, groupNameKey }) => ({
        optionId: option.optionId,
        groupId: option.groupId,
        groupNameKey,
        isDefault: option.isDefault,
        name: option.name,
        amount:
          body.optionPrices?.[option.optionId] ??
          prices.find((p) => p.optionId === option.optionId && p.currency === currency)?.amount ??
          0,
      }));
      const { priced, ids } = priceChoice({
        market,
        list: { basePrice, deposit },
        options,
        rules,
        componentIds: body.componentIds,
      });
      return {
        country: market.code,
        currencyCode: currency,
        taxDisplay: market.taxDisplay as 'including' | 'excluding',
        vatRateBp: market.vatRateBp,
        componentIds: ids,
        price: priced.price,
        total: priced.totalPrice,
        vat: priced.vat,
        deposit: priced.deposit,
        financeFrom: priced.financeFrom,
      };
    },
  };

  /** Prices of an option: only currencies the model has a price list in; a new option needs all of them. */
  async function checkPrices(productId: string, prices: Record<string, number>, complete: boolean, tx: Tx) {
    const currencies = new Set((await repo.priceLists(productId, tx)).map((l) => l.currency));
    const unknown = Object.keys(prices).filter((c) => !currencies.has(c));
    if (unknown.length) throw new ApiError('OPTION_PRICE_CURRENCY', { currencies: unknown.join(', ') });
    const missing = [...currencies].filter((c) => prices[c] === undefined);
    if (complete && missing.length) throw new ApiError('OPTION_PRICES_MISSING', { currencies: missing.join(', ') });
  }

  /** Makes `optionId` its group's only default; each option that loses the flag gets its own audit entry. */
  async function clearOtherDefaults(actor: Actor, productId: string, groupId: string, optionId: string, tx: Tx) {
    const others = (await repo.options(productId, tx)).filter(
      (r) => r.option.groupId === groupId && r.option.optionId !== optionId && r.option.isDefault,
    );
    await repo.clearDefaults(productId, groupId, optionId, tx);
    for (const { option } of others)
      await audit.record(
        {
          actorId: actor.userId,
          action: 'catalog.option.update',
          ip: actor.ip,
          entity: { type: 'option', id: `${productId}:${option.optionId}` },
          before: { isDefault: true },
          after: { isDefault: false },
        },
        tx,
      );
  }
}
export type CatalogAdminService = ReturnType<typeof catalogAdminService>;
