import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const PORT = Number(process.env.BENCH_PORT ?? 3200);
export const BASE = `http://127.0.0.1:${PORT}`;

/**
 * Node's memory flags of `npm run serve` (`--max-semi-space-size`, `--max-old-space-size`; decision 006), read from
 * package.json so the bench runs the server as production does. `BENCH_NODE_FLAGS` replaces them (to compare sizes).
 */
export function nodeFlags(): string[] {
  if (process.env.BENCH_NODE_FLAGS !== undefined) return process.env.BENCH_NODE_FLAGS.split(/\s+/).filter(Boolean);
  const serve = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { serve: string } }).scripts.serve;
  return serve.split(/\s+/).filter((word) => /^--max-[a-z-]+-size=\d+$/.test(word));
}

/**
 * Starts the built server as production would run it (npm run serve, with Node's compile cache that `npm run build`
 * fills: decision 006), on a fresh database.
 */
export function startServer(
  extraNodeArgs: string[] = [],
  extraEnv: Record<string, string> = {},
  stdout: 'ignore' | 'pipe' = 'ignore',
): ChildProcess {
  return spawn(
    process.execPath,
    [
      ...nodeFlags(),
      '--import',
      './apps/web/server/compile-cache.js',
      ...extraNodeArgs,
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
      'apps/web/server/index.ts',
    ],
    {
      stdio: ['ignore', stdout, 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'production',
        // The bench signs the demo accounts in and bids as them: the demo shop (decision 026).
        DEMO: '1',
        HOST: '127.0.0.1',
        PORT: String(PORT),
        DATA_DIR: mkdtempSync(join(tmpdir(), 'varg-bench-')),
        ...(process.env.BENCH_DATABASE_URL ? { DATABASE_URL: process.env.BENCH_DATABASE_URL } : {}),
        // The bench is one client hammering the API: lift the per-IP limit for it.
        RATE_LIMIT_MAX: '100000000',
        LOG_LEVEL: 'warn',
        ...extraEnv,
      },
    },
  );
}

export async function waitReady(): Promise<void> {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${BASE}/ready`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('server did not become ready');
}
