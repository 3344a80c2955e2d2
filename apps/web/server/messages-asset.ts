import { createHash } from 'node:crypto';
import type { Locale } from '@varg/domain';
import { formatLocaleSegment } from '@varg/domain';
import type { Messages } from '@varg/i18n';
import type { MessagesArea } from '../app/lib/messages.ts';
import type { KeyArea } from './message-areas.ts';

/**
 * A locale's messages (its catalog with the translators' overrides) as scripts of their own (decision 067): the
 * page's HTML no longer carries the texts in its loader data, the browser keeps each file for a year under its content
 * hash, and each page render stops encoding the catalog. One script an area: the shop's pages download the shop's
 * texts only, the office's pages the office's too (`message-areas.ts` says which key is whose).
 */
export interface MessagesAsset {
  /** `/i18n/<segment>.<area>.<hash>.js` */
  href: string;
  hash: string;
  body: string;
  messages: Messages;
}

export interface LocaleMessages {
  shop: MessagesAsset;
  office: MessagesAsset;
  /** What an office page renders with on the server: the shop's and the office's texts. */
  both: Messages;
}

/** The window property the scripts fill, by locale segment (`pt-BR`); read by `app/lib/messages.ts`. */
export const MESSAGES_GLOBAL = '__vargMessages';
/** The areas whose script has run, as `<segment> <area>`; `messagesReady` reads it. */
export const MESSAGE_AREAS_GLOBAL = '__vargMessageAreas';
/** Distinct (locale, overrides) pairs kept: 23 languages in their variants, a few override versions each. */
const KEPT = 200;

/** A script that adds its texts to the locale's (a new object, so the page's translations see the change). */
function asset(segment: string, area: MessagesArea, messages: Messages): MessagesAsset {
  const g = `w.${MESSAGES_GLOBAL}`;
  const s = JSON.stringify(segment);
  const body =
    `(function(w){var g=${g}||(${g}={});g[${s}]=Object.assign({},g[${s}],${JSON.stringify(messages)});` +
    `(w.${MESSAGE_AREAS_GLOBAL}||(w.${MESSAGE_AREAS_GLOBAL}={}))[${JSON.stringify(`${segment} ${area}`)}]=1})(self);\n`;
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
  return { href: `/i18n/${segment}.${area}.${hash}.js`, hash, body, messages };
}

export function messagesAssets(messagesFor: (locale: Locale) => Messages, areaOf: (key: string) => KeyArea) {
  const memo = new Map<string, LocaleMessages>();
  return function messagesAsset(locale: Locale, overrides: Messages): LocaleMessages {
    const segment = formatLocaleSegment(locale);
    const id = `${segment}\u0000${JSON.stringify(overrides)}`;
    const known = memo.get(id);
    if (known) return known;
    const areas: Record<KeyArea, Messages> = { shop: {}, office: {}, server: {} };
    for (const [key, text] of Object.entries({ ...messagesFor(locale), ...overrides })) areas[areaOf(key)][key] = text;
    const assets = {
      shop: asset(segment, 'shop', areas.shop),
      office: asset(segment, 'office', areas.office),
      both: { ...areas.shop, ...areas.office },
    };
    if (memo.size >= KEPT) memo.delete(memo.keys().next().value as string);
    memo.set(id, assets);
    return assets;
  };
}

/** `pt-BR.shop.0123456789ab.js` → its segment, area and hash; anything else is null. */
export function parseMessagesFile(file: string): { segment: string; area: MessagesArea; hash: string } | null {
  const match = /^([a-z]{2}-[A-Z]{2})\.(shop|office)\.([0-9a-f]{12})\.js$/.exec(file);
  return match ? { segment: match[1] as string, area: match[2] as MessagesArea, hash: match[3] as string } : null;
}
