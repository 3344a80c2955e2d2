import { isUuid } from '@varg/domain';
import type { PaymentsRepo } from './repo.ts';
import type { PayableOrder, PaymentCaller } from './service.ts';

/**
 * The order a caller may pay or read the payments of (decision 033): only its buyer (an administrator does it by
 * impersonating them). Bikes' orders owe their deposit; store orders none.
 */
export function payableOrders(repo: Pick<PaymentsRepo, 'orderBasics'>) {
  return async function orderFor(orderId: string, caller: PaymentCaller): Promise<PayableOrder | null> {
    if (!caller.userId || !isUuid(orderId)) return null;
    const order = await repo.orderBasics(orderId);
    if (order?.userId !== caller.userId) return null;
    return { ...order, deposit: order.type === 'vehicle' ? order.deposit : 0 };
  };
}
