import { CHUNK_RELOAD_GUARD_MS } from '@varg/domain';
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { messagesReady, shopMessagesOnIntent } from './lib/messages.ts';

// Spec section 4: a chunk that fails to load (a deploy replaced it) reloads the page, at most once a minute.
const RELOAD_KEY = 'chunk-reload-at';
function reloadOnce() {
  const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
  if (Date.now() - last < CHUNK_RELOAD_GUARD_MS) return;
  sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  window.location.reload();
}
window.addEventListener('vite:preloadError', (event) => {
  event.preventDefault();
  reloadOnce();
});
window.addEventListener('unhandledrejection', (event) => {
  const message = String((event.reason as Error | undefined)?.message ?? '');
  if (/dynamically imported module|Importing a module script failed|error loading dynamically/i.test(message))
    reloadOnce();
});

// React Router's module script is async: from the cache it can run before the deferred messages script (decision
// 067). Hydrating without the texts would replace every text with its key, so wait for them.
messagesReady().then(() => {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
  // A page that came with its first messages script (decision 068, session 15) fetches the shop's whole one early.
  shopMessagesOnIntent();
});
