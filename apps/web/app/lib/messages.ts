import type { Messages } from '@varg/i18n';

// The locale's messages travel in scripts of their own (decision 067), not in the root loader's data: the server
// renders with them (a property the data's encoder leaves out), the browser reads what
// `/i18n/<segment>.<area>.<hash>.js` put on the window before hydration. The shop's pages have the shop's texts, the
// office's pages (back office, dealer portal, translator's tool) the office's too.
declare global {
  interface Window {
    __vargMessages?: Record<string, Messages>;
    /** `<segment> <area>` of each messages script that has run. */
    __vargMessageAreas?: Record<string, 1>;
  }
}

/**
 * The parts of the catalog the browser downloads (decision 067): every page the shop's texts, the back office, the
 * dealer portal and the translator's tool the office's too.
 */
export type MessagesArea = 'shop' | 'office';

/** The dealer portal's pages among the account's (`/orders` is the dealer's list, `/orders/my` the buyer's). */
const OFFICE_SECTIONS = new Set(['admin', 'dealer', 'leads', 'invoices', 'mco-finder', 'compliance']);
const BUYER_ORDERS = new Set(['my', 'parts', 'invoice']);

/** The area of a page's address, with or without its locale segment (`/de-DE/admin/orders`, `/leads`). */
export function messagesAreaOf(pathname: string): MessagesArea {
  const parts = pathname
    .replace(/\.data$/, '')
    .split('/')
    .filter(Boolean);
  if (/^[a-z]{2}-[A-Z]{2}$/.test(parts[0] ?? '')) parts.shift();
  const [section = '', next] = parts;
  if (OFFICE_SECTIONS.has(section)) return 'office';
  return section === 'orders' && (next === undefined || !BUYER_ORDERS.has(next)) ? 'office' : 'shop';
}

export interface MessagesSource {
  /** The locale segment the script files its messages under (`pt-BR`). */
  segment: string;
  /** On the server only; left out of what the browser receives. */
  messages?: Messages;
}

/** The messages of the root data: the server's, else the ones the messages script left in the browser. */
export function messagesOf(root: MessagesSource | undefined): Messages | undefined {
  if (!root) return undefined;
  if (root.messages) return root.messages;
  return typeof window === 'undefined' ? undefined : window.__vargMessages?.[root.segment];
}

/** Puts `messages` on `data` for the server's render only: not enumerable, so the loader data's encoding skips it. */
export function withServerMessages<T extends object>(data: T, messages: Messages): T & { messages?: Messages } {
  return Object.defineProperty(data, 'messages', { value: messages, enumerable: false });
}

/** What the root data says of the messages scripts. */
export interface MessagesScripts {
  segment: string;
  /** The shop's texts, `/i18n/<segment>.shop.<hash>.js`: every page has it. */
  messagesHref: string;
  /** The office's texts, loaded by office pages and the translator's tool (in the document or on the way there). */
  officeMessagesHref: string;
  /** The document has the office's script too. */
  officeMessages: boolean;
}

const SCRIPTS = 'script[src^="/i18n/"]';
const areaKey = (src: string | null) =>
  /^\/i18n\/([^.]+)\.([a-z]+)\./
    .exec(src ?? '')
    ?.slice(1, 3)
    .join(' ');

/**
 * Resolves once the document's messages scripts have put their texts on the window (at once when they have; also
 * when one failed to load, so the page still hydrates). Checked and listened for in one task, so no load slips between.
 */
export function messagesReady(): Promise<void> {
  const waiting = [...document.querySelectorAll<HTMLScriptElement>(SCRIPTS)].filter((script) => {
    const key = areaKey(script.getAttribute('src'));
    return key && !window.__vargMessageAreas?.[key];
  });
  return Promise.all(
    waiting.map(
      (script) =>
        new Promise<void>((resolve) => {
          script.addEventListener('load', () => resolve(), { once: true });
          script.addEventListener('error', () => resolve(), { once: true });
        }),
    ),
  ).then(() => undefined);
}

/** The messages script of each `<segment> <area>` whose texts are on the window now. */
let applied: Map<string, string> | undefined;

async function load(href: string): Promise<void> {
  // Read before any revalidation re-renders the document's scripts with other addresses.
  applied ??= new Map(
    [...document.querySelectorAll(SCRIPTS)].map((s) => [
      areaKey(s.getAttribute('src')) ?? '',
      s.getAttribute('src') ?? '',
    ]),
  );
  const key = areaKey(href) ?? '';
  if (applied.get(key) === href) return;
  await new Promise<void>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = href;
    script.onload = () => {
      script.remove();
      resolve();
    };
    script.onerror = () => reject(new Error(`messages not loaded: ${href}`));
    document.head.append(script);
  });
  applied.set(key, href);
}

/**
 * After a revalidation named other messages scripts (a translator saved a text or went back to the catalog's): runs
 * them before the page renders with the new data; the office's too once this page has the office's texts.
 */
export async function loadMessages(root: MessagesScripts): Promise<void> {
  const office = root.officeMessages || !!window.__vargMessageAreas?.[`${root.segment} office`];
  await Promise.all([load(root.messagesHref), ...(office ? [load(root.officeMessagesHref)] : [])]);
}

/**
 * A page whose document came with its first script (the shop's texts its own code shows; decision 068, session 15):
 * the shop's whole script, named by the document's (`data-shop`), before anything else renders. At once otherwise.
 */
export function shopMessages(): Promise<void> {
  const href = document.querySelector<HTMLScriptElement>('script[data-shop]')?.dataset.shop;
  if (!href) return Promise.resolve();
  // One download however many callers ask at once (the first sign of intent, then the navigation); a failed one is
  // tried again by the next caller.
  shopLoading ??= load(href).catch((error: unknown) => {
    shopLoading = undefined;
    throw error;
  });
  return shopLoading;
}
let shopLoading: Promise<void> | undefined;

/**
 * The shop's whole script as soon as the visitor shows they may navigate (a pointer over the page, a touch, a key, a
 * focus), so that the first click rarely waits for it; nothing is fetched for a visit that only looks (as Lighthouse's).
 */
export function shopMessagesOnIntent(): void {
  const events = ['pointerover', 'touchstart', 'keydown', 'focusin'] as const;
  const early = () => {
    for (const type of events) window.removeEventListener(type, early, true);
    shopMessages().catch(() => {});
  };
  for (const type of events) window.addEventListener(type, early, { capture: true, passive: true });
}

/**
 * Before a page of the office renders (a navigation from the shop): the office's texts, from the script the document's
 * shop script names (`data-office`).
 */
export async function officeMessagesFor(pathname: string): Promise<void> {
  if (messagesAreaOf(pathname) !== 'office') return;
  const href = document.querySelector<HTMLScriptElement>('script[data-office]')?.dataset.office;
  if (href) await load(href);
}
