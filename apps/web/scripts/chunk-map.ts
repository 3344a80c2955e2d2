import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import type { Plugin } from 'vite';

/** One built browser file: the files it imports statically and on demand, and the source modules it holds. */
export interface ChunkEntry {
  imports: string[];
  dynamicImports: string[];
  modules: string[];
  /** Each module's bytes in the file before minification, in the order of `modules` (for an inventory by size). */
  sizes: number[];
}

/**
 * Writes `build/client-chunks.json` (beside the served `build/client`, never served itself): for each browser file,
 * its imports and the modules in it, paths relative to the repository. e2e/client-weight.spec.ts reads it to keep
 * the back office, payment and map code out of what the shop's first visit loads (decision 068).
 */
export function chunkMap(root: string): Plugin {
  return {
    name: 'varg-chunk-map',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(options, bundle) {
      const map: Record<string, ChunkEntry> = {};
      for (const [file, output] of Object.entries(bundle)) {
        if (output.type !== 'chunk') continue;
        map[file] = {
          imports: output.imports,
          dynamicImports: output.dynamicImports,
          modules: Object.keys(output.modules).map((id) => relative(root, id.split('?')[0] as string)),
          sizes: Object.values(output.modules).map((m) => m.renderedLength),
        };
      }
      const target = join(options.dir as string, '..', 'client-chunks.json');
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target, `${JSON.stringify(map, null, 1)}\n`);
    },
  };
}
