// Message catalogs: one flat JSON per UI language, keys in the spec's `*_t_key` style. This entry is safe for the
// browser bundle (no catalog is imported here); the server loads catalogs from `@varg/i18n/server`.
export type Messages = Record<string, string>;

/** Replaces `{{name}}` placeholders, as i18next does, for code that runs without an i18next instance. */
export function interpolate(template: string, params?: Record<string, string | number>): string {
  if (!params) return template;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** Looks a key up in a catalog, falling back to the fallback catalog, then to the key itself. */
export function translate(
  messages: Messages,
  key: string,
  params?: Record<string, string | number>,
  fallback?: Messages,
): string {
  const template = messages[key] ?? fallback?.[key] ?? key;
  return interpolate(template, params);
}
