import { createHash } from 'node:crypto';
import type { Locale } from '@varg/domain';
import { formatLocaleSegment } from '@varg/domain';
import type { Messages } from '@varg/i18n';

/**
 * A locale's messages (its catalog with the translators' overrides) as a script of their own (decision 067): the
 * page's HTML no longer carries ~2,500 texts in its loader data, the browser keeps the file for a year under its
 * content hash, and each page render stops encoding the whole catalog.
 */
export interface MessagesAsset {
  /** `/i18n/<segment>.<hash>.js` */
  href: string;
  hash: string;
  body: string;
  messages: Messages;
}

/** The window property the scripts fill, by locale segment (`pt-BR`); read by `app/lib/messages.ts`. */
export const MESSAGES_GLOBAL = '__vargMessages';
/** Distinct (locale, overrides) pairs kept: 23 languages in their variants, a few override versions each. */
const KEPT = 200;

export function messagesAssets(messagesFor: (locale: Locale) => Messages) {
  const memo = new Map<string, MessagesAsset>();
  return function messagesAsset(locale: Locale, overrides: Messages): MessagesAsset {
    const segment = formatLocaleSegment(locale);
    const id = `${segment}\u0000${JSON.stringify(overrides)}`;
    const known = memo.get(id);
    if (known) return known;
    const messages = { ...messagesFor(locale), ...overrides };
    const body = `(self.${MESSAGES_GLOBAL}||(self.${MESSAGES_GLOBAL}={}))[${JSON.stringify(segment)}]=${JSON.stringify(messages)};\n`;
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
    const asset = { href: `/i18n/${segment}.${hash}.js`, hash, body, messages };
    if (memo.size >= KEPT) memo.delete(memo.keys().next().value as string);
    memo.set(id, asset);
    return asset;
  };
}

/** `pt-BR.0123456789ab.js` → its segment and hash; anything else is null. */
export function parseMessagesFile(file: string): { segment: string; hash: string } | null {
  const match = /^([a-z]{2}-[A-Z]{2})\.([0-9a-f]{12})\.js$/.exec(file);
  return match ? { segment: match[1] as string, hash: match[2] as string } : null;
}
