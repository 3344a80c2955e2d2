/** An amount typed in major units ("12.50", "12,50", "1 234,5") as minor units of a 2-decimal currency; null if not one. */
export function minorUnits(typed: string): number | null {
  const text = typed.replace(/[\s\u00a0']/g, '');
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const minor = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return minor > 0 ? minor : null;
}
