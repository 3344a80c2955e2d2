import { ApiError } from '../../lib/api-error.ts';
import type { AuditService } from '../audit/service.ts';
import type { CatalogAdminRepo, Tx } from './admin-repo.ts';

/**
 * Removing an option from a model (decision 055), inside the catalogue's change transaction (the model locked, the
 * default configuration checked again before commit). Refused while an order line or a stock bike carries the option
 * (409 OPTION_IN_USE) and for its group's default (409 OPTION_IS_DEFAULT: another option must become
 * the default first). The option goes with its prices and the rules naming it; one audit entry on the model (the option has no page any more) keeps what it was.
 */
export function optionRemoval(deps: {
  repo: Pick<CatalogAdminRepo, 'options' | 'optionPrices' | 'rules' | 'optionUse' | 'deleteOption'>;
  audit: Pick<AuditService, 'record'>;
}) {
  const { repo, audit } = deps;
  return async (actor: { userId: string; ip: string }, productId: string, optionId: string, tx: Tx) => {
    const option = (await repo.options(productId, tx)).find((r) => r.option.optionId === optionId)?.option;
    if (!option) throw new ApiError('OPTION_NOT_FOUND');
    if (option.isDefault) throw new ApiError('OPTION_IS_DEFAULT');
    const use = await repo.optionUse(productId, optionId, tx);
    if (use.orderLines > 0 || use.stockBikes > 0) throw new ApiError('OPTION_IN_USE');
    const [prices, rules] = await Promise.all([repo.optionPrices(productId, tx), repo.rules(productId, tx)]);
    const named = rules
      .filter((r) => r.optionId === optionId || r.otherOptionId === optionId)
      .map((r) => `${r.optionId} ${r.kind} ${r.otherOptionId}`);
    await repo.deleteOption(productId, optionId, tx);
    await audit.record(
      {
        actorId: actor.userId,
        action: 'catalog.option.delete',
        ip: actor.ip,
        entity: { type: 'model', id: productId },
        before: {
          option: optionId,
          group: option.groupId,
          name: option.name,
          isDefault: option.isDefault,
          sort: option.sort,
          prices: Object.fromEntries(prices.filter((p) => p.optionId === optionId).map((p) => [p.currency, p.amount])),
          rules: named,
        },
      },
      tx,
    );
  };
}
