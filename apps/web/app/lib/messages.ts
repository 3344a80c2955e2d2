import type { Messages } from '@varg/i18n';

// The locale's messages travel in a script of their own (decision 067), not in the root loader's data: the server
// renders with them (a property the data's encoder leaves out), the browser reads what `/i18n/<segment>.<hash>.js`
// put on the window before hydration.
declare global {
  interface Window {
    __vargMessages?: Record<string, Messages>;
  }
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

/**
 * Resolves once the document's messages script has put its texts on the window (at once when it already has; also when
 * it failed to load, so the page still hydrates). Checked and listened for in one task, so its load cannot slip between.
 */
export function messagesReady(): Promise<void> {
  const script = document.querySelector<HTMLScriptElement>('script[src^="/i18n/"]');
  const segment = /^\/i18n\/([^.]+)\./.exec(script?.getAttribute('src') ?? '')?.[1];
  if (!script || !segment || window.__vargMessages?.[segment]) return Promise.resolve();
  return new Promise((resolve) => {
    script.addEventListener('load', () => resolve(), { once: true });
    script.addEventListener('error', () => resolve(), { once: true });
  });
}

/** The messages script whose texts are on the window now. */
let applied: string | undefined;

/**
 * After a revalidation named another messages script (a translator saved a text or went back to the catalog's):
 * runs it before the page renders with the new data. The first page's own script is in the document (`Layout`).
 */
export async function loadMessages(href: string): Promise<void> {
  // Read before any revalidation re-renders the document's script with another address.
  applied ??= document.querySelector('script[src^="/i18n/"]')?.getAttribute('src') ?? undefined;
  if (href === applied) return;
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
  applied = href;
}
