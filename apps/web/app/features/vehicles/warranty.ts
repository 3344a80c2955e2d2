/** Extended-warranty variants of the store by model (the store seed's `SF-EW-<code>-<months>`). */
const MODEL_CODES: Record<string, string> = { varg: 'MX', 'varg-ex': 'EX', 'varg-sm': 'SM' };
export const WARRANTY_MONTHS = [12, 24, 36] as const;

export function warrantyVariant(model: string, months: number): string | null {
  const code = MODEL_CODES[model];
  return code ? `SF-EW-${code}-${months}` : null;
}

/** Paint of a vehicle's colour slug, for the illustration. */
export const VEHICLE_PAINT: Readonly<Record<string, string>> = {
  red: '#e11d2a',
  white: '#f4f4f5',
  grey: '#71717a',
};
