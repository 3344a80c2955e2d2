// The cart service's answer in the shape the checkout prices and orders (one list of lines).
import type { Cart } from '@varg/contracts';
import type { CheckoutCart } from './service.ts';

export function checkoutCart(cart: Cart): CheckoutCart {
  return {
    id: cart._id,
    userId: cart.user,
    status: cart.status,
    country: cart.country,
    currency: cart.currency,
    deliveryDate: cart.deliveryDate,
    lines: [
      ...cart.items.map((item) => ({
        id: item._id,
        kind: item.stock ? ('stock_bike' as const) : ('bike' as const),
        productId: item.productId,
        hash: item.hash,
        optionIds: item.componentIds,
        stockBikeId: item.stockBikeId,
        variantCode: null,
        vin: null,
        nameKey: item.nameKey,
        name: '',
        quantity: item.quantity,
        unitPrice: item.subTotal?.unitPrice ?? 0,
        listPrice: item.catalogPrice,
        total: item.subTotal?.price ?? 0,
        deposit: item.subTotal?.deposit ?? 0,
        available: item.available,
      })),
      ...cart.storeItems.map((item) => ({
        id: item._id,
        kind: 'store' as const,
        productId: null,
        hash: null,
        optionIds: null,
        stockBikeId: null,
        variantCode: item.variant_code,
        vin: item.vin,
        nameKey: item.nameKey ?? '',
        name: item.name,
        quantity: item.quantity,
        unitPrice: item.subTotal?.unitPrice ?? 0,
        listPrice: null,
        total: item.subTotal?.price ?? 0,
        deposit: 0,
        available: item.available,
      })),
    ],
  };
}
