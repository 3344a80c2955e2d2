import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { webRoot } from './app.ts';

const SERVER_BUILD = join(webRoot, 'build', 'server', 'index.js');
// One lock per checkout, outside it: an atomic mkdir.
const LOCK = join(tmpdir(), `varg-web-build-${createHash('sha256').update(webRoot).digest('hex').slice(0, 12)}.lock`);
const STALE_MS = 5 * 60_000;

/**
 * The web app's production build, for tests that serve it (`npm test` builds before the browser tests, after the unit
 * tests): built when missing, by one test file at a time. Two builds into the same folder at once break each other;
 * a file that finds another building waits for it. A lock older than five minutes is a dead build's and is taken.
 */
export async function ensureWebBuild(): Promise<void> {
  for (;;) {
    if (existsSync(SERVER_BUILD) && !existsSync(LOCK)) return;
    try {
      mkdirSync(LOCK);
    } catch {
      const age = Date.now() - (statSync(LOCK, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_MS) rmSync(LOCK, { recursive: true, force: true });
      else await sleep(200);
      continue;
    }
    try {
      if (!existsSync(SERVER_BUILD)) execFileSync('npm', ['run', 'build'], { cwd: webRoot, stdio: 'ignore' });
      return;
    } finally {
      rmSync(LOCK, { recursive: true, force: true });
    }
  }
}
