import { calculateTax } from '@varg/domain';
import type { TaxProvider } from './interface.ts';

/** The built-in rules: EU VAT by destination, reverse charge, US state base rates (packages/domain/src/tax.ts). */
export function builtinTax(): TaxProvider {
  return { name: 'builtin', calculate: async (input) => calculateTax(input) };
}
