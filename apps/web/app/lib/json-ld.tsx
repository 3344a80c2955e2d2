// schema.org structured data for search engines, as a `<script type="application/ld+json">` data block.

/**
 * The JSON text of a structured-data block. `<`, `>` and `&` are written as `\u003c`, `\u003e` and `\u0026` (still
 * the same JSON), so no value can close the script element or open a comment; U+2028/U+2029 likewise.
 */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * An amount in integer minor units as the decimal string schema.org expects (`1390000` → `"13900.00"`), computed
 * on integers, never through a float.
 */
export function decimalAmount(minor: number, fractionDigits = 2): string {
  if (!Number.isSafeInteger(minor)) throw new Error(`not an integer amount: ${minor}`);
  const sign = minor < 0 ? '-' : '';
  const digits = String(Math.abs(minor)).padStart(fractionDigits + 1, '0');
  if (fractionDigits === 0) return `${sign}${digits}`;
  return `${sign}${digits.slice(0, -fractionDigits)}.${digits.slice(-fractionDigits)}`;
}

/** A structured-data block. It is data, not script: the Content-Security-Policy does not apply to it. */
export function JsonLd({ data }: { data: Record<string, unknown> }) {
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON with `<`, `>` and `&` escaped (jsonLdText)
      dangerouslySetInnerHTML={{ __html: jsonLdText(data) }}
    />
  );
}
