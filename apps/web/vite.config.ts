import { fileURLToPath } from 'node:url';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { chunkMap } from './scripts/chunk-map.ts';
import { messageAreasFile } from './scripts/message-areas-file.ts';
import { precompress } from './scripts/precompress.ts';

/** React, React DOM and React Router: every page needs them all, so one file (decision 068). */
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/;
/**
 * The root route and the storefront's frame (header, footer, banners, shell providers) with everything they import
 * statically: every page loads them, so one file instead of twenty small ones (decision 068). What they load on
 * demand (cart drawer, modals, menus' panels, cookie notice, translator tool) stays in files of its own.
 */
const SHELL = /[\\/]app[\\/](root\.tsx|layouts[\\/]default\.tsx)/;

/** Libraries bundled into the server build (tree-shaken) instead of loaded whole from node_modules at start. */
const SSR_BUNDLED = [
  'lucide-react',
  /^react-aria/,
  /^react-stately/,
  /^@react-aria\//,
  /^@react-stately\//,
  /^@react-types\//,
  /^@internationalized\//,
];

export default defineConfig({
  plugins: [
    tailwindcss(),
    reactRouter(),
    chunkMap(fileURLToPath(new URL('../..', import.meta.url))),
    messageAreasFile(),
    precompress(),
  ],
  // Workspace packages are TypeScript sources: bundle them into the SSR build. The icon and component libraries too:
  // imported from node_modules, the server loaded every icon (lucide-react's 1.3 MB CommonJS file, kept twice) and
  // every React Aria component behind their index files (~1,300 files, ~3 MB); bundled, only what the pages use is
  // in the build (decision 006).
  ssr: { noExternal: [/^@varg\//, ...SSR_BUNDLED] },
  build: { assetsInlineLimit: 0 },
  environments: {
    // The server build's source text stays in the server's memory for its lifetime: without JSDoc comments and with
    // non-ASCII characters escaped, V8 keeps it as a one-byte string (half the bytes of a two-byte one).
    ssr: {
      build: {
        rolldownOptions: { output: { charset: 'ascii', comments: { legal: true, annotation: true, jsdoc: false } } },
      },
    },
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                { name: 'framework', test: FRAMEWORK, priority: 2 },
                { name: 'shell', test: SHELL, priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
});
