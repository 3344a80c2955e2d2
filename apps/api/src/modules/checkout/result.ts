// The spec's checkout result state of an order (section 3), derived from the order and its payment ledger.
import type { CheckoutResult, OrderView } from '@varg/contracts';
import { pendingBankTransfer } from '@varg/domain';

export function checkoutResult(order: OrderView): CheckoutResult {
  const last = order.payments.at(-1);
  const transfer = pendingBankTransfer(order.payments, order.toPay);
  return {
    order,
    orderError: false,
    isStoreOrder: order.type === 'store',
    isBankTransfer: transfer !== null,
    bankTransferAmount: transfer?.due ?? 0,
    paymentFailed: order.toPay > 0 && last?.status === 'FAILED',
    verificationUrl: last?.status === 'REQUIRES_ACTION' ? `/checkout/verify/${last.id}` : null,
  };
}
