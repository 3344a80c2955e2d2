import { enableCompileCache } from 'node:module';
import { fileURLToPath } from 'node:url';

// Node's compile cache (decision 006, session 14), preloaded first by `npm run serve` (`node --import`). Node strips
// the types of every .ts file it loads with a WebAssembly compiler (amaro, ~17 MB of RSS for the process's whole
// life); with the cache on, a file whose stripped text is already in the cache is read from it and that compiler is
// never loaded. `npm run build` fills the cache (`npm run compile-cache`), the image fills it at build time and keeps
// it read-only. An entry is used only for the exact source it was made from; a file not in the cache is stripped as
// before. Plain JavaScript: a .ts preload would load the compiler to read itself. NODE_COMPILE_CACHE, when set, wins.
enableCompileCache(fileURLToPath(new URL('../../../node_modules/.cache/node-compile', import.meta.url)));
