import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const PORT = Number(process.env.BENCH_PORT ?? 3200);
export const BASE = `http://127.0.0.1:${PORT}`;

/**
 * Node's memory flags of `npm run serve` (`--max-semi-space-size`, `--max-old-space-size`; decision 006), read from
 * package.json so the bench runs the server as production does. `BENCH_NODE_FLAGS` replaces them (to compare sizes).
 */
export function nodeFlags(dir = process.cwd()): string[] {
  if (process.env.BENCH_NODE_FLAGS !== undefined) return process.env.BENCH_NODE_FLAGS.split(/\s+/).filter(Boolean);
  return serveScript(dir)
    .split(/\s+/)
    .filter((word) => /^--max-[a-z-]+-size=\d+$/.test(word));
}

/**
 * The environment `npm run serve` sets before `node` (`MALLOC_ARENA_MAX=2`: decision 006, "Session 15"), read from
 * package.json like the flags. `BENCH_SERVE_ENV` replaces it (`''` for none).
 */
export function serveEnv(dir = process.cwd()): Record<string, string> {
  const words = (process.env.BENCH_SERVE_ENV ?? serveScript(dir)).split(/\s+/).filter(Boolean);
  const env: Record<string, string> = {};
  for (const word of words) {
    const assignment = /^([A-Z_][A-Z0-9_]*)=(.*)$/.exec(word);
    if (!assignment) break;
    env[assignment[1] as string] = assignment[2] as string;
  }
  return env;
}

function serveScript(dir: string): string {
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { scripts: { serve: string } }).scripts.serve;
}

/** User + system CPU time of a process in ms (`/proc`, USER_HZ 100). */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Where `startServer` runs a build: another worktree's (`dir`), on its own port and database (the A/B benches). */
export interface ServerPlace {
  dir?: string;
  port?: number;
  databaseUrl?: string | undefined;
}

/**
 * Starts the built server as production would run it (npm run serve, with Node's compile cache that `npm run build`
 * fills: decision 006), on a fresh database. A build from before the compile cache (an A/B bench's old worktree)
 * starts without it.
 */
export function startServer(
  extraNodeArgs: string[] = [],
  extraEnv: Record<string, string> = {},
  stdout: 'ignore' | 'pipe' = 'ignore',
  { dir = process.cwd(), port = PORT, databaseUrl = process.env.BENCH_DATABASE_URL }: ServerPlace = {},
): ChildProcess {
  const compileCache = './apps/web/server/compile-cache.js';
  return spawn(
    process.execPath,
    [
      ...nodeFlags(dir),
      ...(existsSync(join(dir, compileCache)) ? ['--import', compileCache] : []),
      ...extraNodeArgs,
      ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []),
      'apps/web/server/index.ts',
    ],
    {
      cwd: dir,
      stdio: ['ignore', stdout, 'inherit'],
      env: {
        ...process.env,
        ...serveEnv(dir),
        NODE_ENV: 'production',
        // The bench signs the demo accounts in and bids as them: the demo shop (decision 026).
        DEMO: '1',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: mkdtempSync(join(tmpdir(), 'varg-bench-')),
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        // The bench is one client hammering the API: lift the per-IP limit for it.
        RATE_LIMIT_MAX: '100000000',
        LOG_LEVEL: 'warn',
        ...extraEnv,
      },
    },
  );
}

export async function waitReady(base = BASE): Promise<void> {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`${base}/ready`)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${base}: the server did not become ready`);
}
