// What each page's first visit downloads, file by file and module by module (issue 19 item 3, decision 068): the
// files the page names (counted as `npm run bench` counts them) with their gzip size, and inside each built file its
// largest modules with their share of the file's gzip (in proportion to their bytes before minification, from
// apps/web/build/client-chunks.json), and the stylesheet inlined into the page. Not part of `npm test`.
//   npm run build && node bench/client-inventory.ts [path ...]      (BENCH_URL=http://… reads a running server instead;
//   CLIENT_CHUNKS=…/client-chunks.json names that server's build; INVENTORY_MODULES=n modules a file, default 12)
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { ChunkEntry } from '../apps/web/scripts/chunk-map.ts';
import { BASE, startServer, waitReady } from './server.ts';

const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['/en-US', '/de-DE/varg-ex/configurator'];
const TOP = Number(process.env.INVENTORY_MODULES ?? 12);
const chunks = JSON.parse(
  readFileSync(process.env.CLIENT_CHUNKS ?? 'apps/web/build/client-chunks.json', 'utf8'),
) as Record<string, ChunkEntry>;
const kb = (bytes: number) => (bytes / 1024).toFixed(1);
const gzip = (data: Buffer | string) => gzipSync(data, { level: 9 }).length;

const base = process.env.BENCH_URL ?? BASE;
const server = process.env.BENCH_URL ? null : startServer();
try {
  await waitReady(base);
  for (const path of paths) {
    const html = await (await fetch(`${base}${path}?weight=1`)).text();
    const urls = new Set<string>();
    for (const m of html.matchAll(/<link rel="modulepreload"[^>]*? href="([^"]+)"/g)) urls.add(m[1] as string);
    for (const m of html.matchAll(/import\("([^"]+\.js)"\)/g)) urls.add(m[1] as string);
    for (const m of html.matchAll(/<script src="([^"]+\.js)"/g)) urls.add(m[1] as string);
    const files = await Promise.all(
      [...urls].map(async (url) => {
        const body = Buffer.from(await (await fetch(`${base}${url}`)).arrayBuffer());
        return { url, raw: body.length, gz: gzip(body) };
      }),
    );
    files.sort((a, b) => b.gz - a.gz);
    const total = files.reduce((sum, f) => sum + f.gz, 0);
    const css = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('');
    console.log(`\n${path}: ${files.length} files, ${kb(total)} KB gzip JavaScript`);
    console.log(
      `  document ${kb(html.length)} KB (${kb(gzip(html))} KB gzip), of which the inlined stylesheet ${kb(css.length)} KB (${kb(gzip(css))} KB gzip)`,
    );
    for (const file of files) {
      console.log(`  ${kb(file.gz).padStart(6)} KB  ${file.url} (${kb(file.raw)} KB)`);
      const chunk = chunks[file.url.replace(/^\//, '')];
      if (!chunk?.sizes) continue;
      const modules = chunk.modules.map((name, i) => ({ name, size: chunk.sizes[i] ?? 0 }));
      const sum = modules.reduce((s, m) => s + m.size, 0) || 1;
      modules.sort((a, b) => b.size - a.size);
      for (const m of modules.slice(0, TOP)) console.log(`  ${kb((m.size * file.gz) / sum).padStart(14)}  ${m.name}`);
      if (modules.length > TOP) {
        const rest = modules.slice(TOP).reduce((s, m) => s + m.size, 0);
        console.log(`  ${kb((rest * file.gz) / sum).padStart(14)}  ${modules.length - TOP} more modules`);
      }
    }
  }
} finally {
  server?.kill();
}
