import { minorOf } from '../catalogue.ts';

/**
 * A new SKU's form as the API's body (decision 060): attributes typed one `name: value` a line, prices in major units
 * per currency (an empty field: not sold in that currency). `bad` names the currencies whose price is malformed and
 * the attribute lines that could not be read (`attributes`).
 */
export function skuInput(form: FormData, currencies: string[]) {
  const bad: string[] = [];
  const prices: Record<string, { listPrice: number; discountBp: number }> = {};
  for (const currency of currencies) {
    const typed = String(form.get(`price_${currency}`) ?? '').trim();
    if (!typed) continue;
    const listPrice = minorOf(typed);
    if (listPrice === null) bad.push(currency);
    else prices[currency] = { listPrice, discountBp: 0 };
  }
  const attributes: Record<string, string> = {};
  for (const line of String(form.get('attributes') ?? '').split(/\r?\n/)) {
    if (!line.trim()) continue;
    const match = /^\s*([A-Za-z][A-Za-z0-9_ ]{0,23}?)\s*[:=]\s*(.+?)\s*$/.exec(line);
    if (!match?.[1] || !match[2]) {
      bad.push('attributes');
      continue;
    }
    attributes[match[1].toLowerCase().replace(/ /g, '_')] = match[2];
  }
  return { bad, prices, attributes };
}
