import type { Messages } from '@varg/i18n';

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The catalog keys whose text is what an element shows: exact matches of a template (placeholders match anything),
 * best first. Used by translator mode to go from a clicked text back to its key.
 */
export function keysForText(messages: Messages, shown: string): string[] {
  const text = shown.replace(/\s+/g, ' ').trim();
  if (!text) return [];
  const exact: string[] = [];
  const templated: string[] = [];
  for (const [key, template] of Object.entries(messages)) {
    const normalized = template.replace(/\s+/g, ' ').trim();
    if (normalized === text) exact.push(key);
    else if (normalized.includes('{{')) {
      const pattern = normalized
        .split(/\{\{\s*\w+\s*\}\}/)
        .map(escapeRegExp)
        .join('.+?');
      if (new RegExp(`^${pattern}$`).test(text)) templated.push(key);
    }
  }
  return [...exact, ...templated];
}
