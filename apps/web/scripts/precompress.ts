import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Hashed build files worth compressing (images and fonts are compressed already). */
const COMPRESSIBLE = /^assets\/.+\.(?:js|mjs|css|svg|json)$/;

/**
 * Writes `<file>.br` (brotli 11) and `<file>.gz` (gzip 9) beside each hashed script and stylesheet of the client build,
 * which the server sends as they are (`@fastify/static`'s `preCompressed`): smaller than compressing on every request
 * (brotli 4: the framework file 108 KB against 93 KB) and no compression work per answer (decision 068, session 14).
 */
export function precompress(): Plugin {
  return {
    name: 'varg-precompress',
    applyToEnvironment: (environment) => environment.name === 'client',
    async writeBundle(options, bundle) {
      const files = Object.keys(bundle).filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const path = join(options.dir as string, file);
          const bytes = await readFile(path);
          if (bytes.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(bytes, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
              },
            }),
            gzipAsync(bytes, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
        }),
      );
    },
  };
}
