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
  /**
   * The first visit's script of a shop page whose deepest matched route is `routeId` (decision 068, session 15): the
   * shop's texts that page's code can show (`firstKeysOf`), `/i18n/<segment>.first.<route>.<hash>.js`; the shop's
   * whole script follows before the first navigation. Undefined for a route without its own list.
   */
  first(routeId: string): FirstMessagesAsset | undefined;
}

/**
 * A first script: its address is kept, its body made when the script is asked for (browsers keep it for a year), so
 * the pages of many routes in many locales keep no copy of their texts in memory.
 */
export interface FirstMessagesAsset {
  href: string;
  hash: string;
  body(): string;
}

/** A route id as it appears in a first script's file name: `routes/home` → `routes~home`. */
const routeSlug = (routeId: string) => routeId.replaceAll('/', '~');
const ROUTE_SLUG = /^[a-z0-9_~-]+$/;

/** The window property the scripts fill, by locale segment (`pt-BR`); read by `app/lib/messages.ts`. */
export const MESSAGES_GLOBAL = '__vargMessages';
/** The areas whose script has run, as `<segment> <area>`; `messagesReady` reads it. */
export const MESSAGE_AREAS_GLOBAL = '__vargMessageAreas';
/** Distinct (locale, overrides) pairs kept: 23 languages in their variants, a few override versions each. */
const KEPT = 200;

/** A script that adds its texts to the locale's (a new object, so the page's translations see the change). */
function scriptBody(segment: string, area: MessagesArea | 'first', messages: Messages): string {
  const g = `w.${MESSAGES_GLOBAL}`;
  const s = JSON.stringify(segment);
  return (
    `(function(w){var g=${g}||(${g}={});g[${s}]=Object.assign({},g[${s}],${JSON.stringify(messages)});` +
    `(w.${MESSAGE_AREAS_GLOBAL}||(w.${MESSAGE_AREAS_GLOBAL}={}))[${JSON.stringify(`${segment} ${area}`)}]=1})(self);\n`
  );
}

function asset(segment: string, area: MessagesArea, messages: Messages): MessagesAsset {
  const body = scriptBody(segment, area, messages);
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
  return { href: `/i18n/${segment}.${area}.${hash}.js`, hash, body, messages };
}

export function messagesAssets(
  messagesFor: (locale: Locale) => Messages,
  areaOf: (key: string) => KeyArea,
  firstKeysOf: (routeId: string) => ReadonlySet<string> | undefined = () => undefined,
) {
  const memo = new Map<string, LocaleMessages>();
  return function messagesAsset(locale: Locale, overrides: Messages): LocaleMessages {
    const segment = formatLocaleSegment(locale);
    const id = `${segment}\u0000${JSON.stringify(overrides)}`;
    const known = memo.get(id);
    if (known) return known;
    const areas: Record<KeyArea, Messages> = { shop: {}, office: {}, server: {} };
    for (const [key, text] of Object.entries({ ...messagesFor(locale), ...overrides })) areas[areaOf(key)][key] = text;
    const firsts = new Map<string, FirstMessagesAsset | undefined>();
    const assets: LocaleMessages = {
      shop: asset(segment, 'shop', areas.shop),
      office: asset(segment, 'office', areas.office),
      both: { ...areas.shop, ...areas.office },
      first(routeId) {
        if (firsts.has(routeId)) return firsts.get(routeId);
        const keys = firstKeysOf(routeId);
        const slug = routeSlug(routeId);
        let made: FirstMessagesAsset | undefined;
        if (keys && ROUTE_SLUG.test(slug)) {
          // The shop's texts (their hash) and the route's keys decide the body: their hash names it.
          const hash = createHash('sha256')
            .update(`${assets.shop.hash}\u0000${slug}\u0000${[...keys].sort().join(',')}`)
            .digest('hex')
            .slice(0, 12);
          const shop = assets.shop.messages;
          made = {
            href: `/i18n/${segment}.first.${slug}.${hash}.js`,
            hash,
            body() {
              const messages: Messages = {};
              for (const key of keys) if (shop[key] !== undefined) messages[key] = shop[key];
              return scriptBody(segment, 'first', messages);
            },
          };
        }
        firsts.set(routeId, made);
        return made;
      },
    };
    if (memo.size >= KEPT) memo.delete(memo.keys().next().value as string);
    memo.set(id, assets);
    return assets;
  };
}

/**
 * `pt-BR.shop.0123456789ab.js` → its segment, area and hash; `pt-BR.first.routes~home.0123456789ab.js` → also the
 * route id of a first script; anything else is null.
 */
export function parseMessagesFile(
  file: string,
):
  | { segment: string; area: MessagesArea; hash: string }
  | { segment: string; area: 'first'; route: string; hash: string }
  | null {
  const match = /^([a-z]{2}-[A-Z]{2})\.(shop|office)\.([0-9a-f]{12})\.js$/.exec(file);
  if (match) return { segment: match[1] as string, area: match[2] as MessagesArea, hash: match[3] as string };
  const first = /^([a-z]{2}-[A-Z]{2})\.first\.([a-z0-9_~-]+)\.([0-9a-f]{12})\.js$/.exec(file);
  if (!first) return null;
  return {
    segment: first[1] as string,
    area: 'first',
    route: (first[2] as string).replaceAll('~', '/'),
    hash: first[3] as string,
  };
}
