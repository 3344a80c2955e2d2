import type { StockBikePage as StockBikePageSchema, StockBike as StockBikeSchema } from '@varg/contracts';
import type { z } from 'zod';

export type StockBike = z.infer<typeof StockBikeSchema>;
export type StockBikePage = z.infer<typeof StockBikePageSchema>;

/** The catalog key of the tax note next to a price: VAT included, or sales tax added at checkout. */
export function taxNoteKey(taxDisplay: 'including' | 'excluding'): string {
  return taxDisplay === 'including' ? 'stock_incl_vat' : 'stock_excl_tax';
}
