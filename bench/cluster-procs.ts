// The cluster bench's processes (bench/cluster.ts): app processes started as `npm run serve` starts the server, all on
// one PostgreSQL database and one Redis, and HAProxy from Debian in front. Every process started here is killed when the
// bench ends, fails or is interrupted (Ctrl-C).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nodeFlags, serveEnv } from './server.ts';

const started = new Set<ChildProcess>();
const work = mkdtempSync(join(tmpdir(), 'varg-cluster-'));

/** Kills every process this bench started (SIGKILL: nothing of theirs is kept) and removes the temp directory. */
export function cleanup(): void {
  for (const child of started) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  started.clear();
  rmSync(work, { recursive: true, force: true });
}
process.on('exit', cleanup);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    cleanup();
    process.exit(130);
  });

function track(child: ChildProcess): ChildProcess {
  started.add(child);
  child.on('exit', () => started.delete(child));
  return child;
}

/** HAProxy's version line, or a message saying how to install it. */
export function haproxyVersion(): string {
  try {
    return execFileSync('haproxy', ['-v'], { encoding: 'utf8' }).split('\n')[0] ?? '';
  } catch {
    throw new Error('HAProxy is not installed: `sudo apt-get install -y haproxy` (Debian), then run the bench again');
  }
}

export interface AppOptions {
  databaseUrl: string;
  /** `none`: no Redis (each process counts its rate limits alone). */
  redisUrl: string;
  smtpUrl: string;
  /** Extra environment (the same for every process). */
  env?: Record<string, string>;
}

/** The environment every app process shares: one database, one Redis, one signing key, the bench's SMTP sink. */
function appEnv(port: number, o: AppOptions): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ...serveEnv(),
    NODE_ENV: 'production',
    // Sandbox payments and the dev mailbox (the bidders confirm their address through it): the demo shop (decision 026).
    DEMO: '1',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: mkdtempSync(join(work, `data-${port}-`)),
    DATABASE_URL: o.databaseUrl,
    SMTP_URL: o.smtpUrl,
    DEV_MAILBOX: 'true',
    JWT_SECRET: 'cluster-bench-signing-key-0123456789-abcdefghijkl',
    WHISTLEBLOWING_KEY: Buffer.alloc(32, 7).toString('base64'),
    PUBLIC_URL: 'http://127.0.0.1:4100',
    // HAProxy (loopback) forwards the clients' addresses; the bidders each send their own.
    TRUST_PROXY: 'loopback',
    // The load is a few clients: lift the global per-address limit (the routes' own limits stay, checked by the bench).
    RATE_LIMIT_MAX: '100000000',
    // E-mails whose delivery a killed process left behind are retried every second once their lease has passed.
    EMAIL_RETRY_INTERVAL_MS: '1000',
    LOG_LEVEL: 'warn',
    ...(o.redisUrl === 'none' ? {} : { REDIS_URL: o.redisUrl }),
    ...o.env,
  };
}

export class App {
  child: ChildProcess | null = null;
  readonly port: number;
  private readonly options: AppOptions;
  constructor(port: number, options: AppOptions) {
    this.port = port;
    this.options = options;
  }
  start(): this {
    this.child = track(
      spawn(
        process.execPath,
        [...nodeFlags(), '--import', './apps/web/server/telemetry.ts', 'apps/web/server/index.ts'],
        {
          stdio: ['ignore', 'ignore', 'inherit'],
          env: appEnv(this.port, this.options),
        },
      ),
    );
    return this;
  }
  kill(): void {
    this.child?.kill('SIGKILL');
  }
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      // A process that does not finish its graceful shutdown in 15 s is killed.
      setTimeout(() => child.kill('SIGKILL'), 15_000).unref();
    });
  }
  async ready(timeoutMs = 120_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      try {
        if ((await fetch(`http://127.0.0.1:${this.port}/ready`)).ok) return;
      } catch {}
      await new Promise((r) => setTimeout(r, 300));
    }
    throw new Error(`the process on port ${this.port} did not become ready`);
  }
}

/** Applies the migrations once, before any app process starts (what `npm run migrate` does in a deploy). */
export function migrateOnce(databaseUrl: string): void {
  execFileSync(process.execPath, ['scripts/migrate.ts'], {
    stdio: 'inherit',
    env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'production', DEMO: '1' },
  });
}

/**
 * HAProxy in front of the given ports: round robin, `/ready` checked every second (down after 3 failed or 5 s late
 * checks, up after 2 answers), a refused connection retried (3 times) on another server (`redispatch`). A request already sent to a
 * process that dies is not resent (it may not be idempotent): the client sees 502 and retries as a browser would.
 * Every answer names the server that gave it (`x-served-by`).
 */
export function haproxyConfig(listen: number, ports: number[]): string {
  return [
    'global',
    '  maxconn 4096',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 60s',
    '  timeout server 60s',
    // A loaded process answers /ready late: a check waits up to 5 s, and 3 failed checks in a row take it out.
    '  timeout check 5s',
    '  retries 3',
    '  option redispatch 1',
    '  option forwardfor',
    'frontend shop',
    `  bind 127.0.0.1:${listen}`,
    '  default_backend apps',
    'backend apps',
    '  balance roundrobin',
    '  option httpchk GET /ready',
    '  http-response set-header x-served-by %s',
    ...ports.map((p, i) => `  server app${i + 1} 127.0.0.1:${p} check inter 1s fall 3 rise 2`),
    '',
  ].join('\n');
}

export class Balancer {
  private child: ChildProcess | null = null;
  readonly port: number;
  constructor(port: number) {
    this.port = port;
  }
  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }
  /** Starts HAProxy in the foreground (`-db`) in front of `ports`, replacing a running one. */
  async start(ports: number[]): Promise<void> {
    await this.stop();
    const cfg = join(work, `haproxy-${ports.length}.cfg`);
    writeFileSync(cfg, haproxyConfig(this.port, ports));
    execFileSync('haproxy', ['-c', '-q', '-f', cfg]);
    this.child = track(spawn('haproxy', ['-db', '-f', cfg], { stdio: ['ignore', 'ignore', 'inherit'] }));
    // Ready once every server's first check passed and the frontend answers.
    const until = Date.now() + 20_000;
    while (Date.now() < until) {
      try {
        const served = new Set<string>();
        for (let i = 0; i < ports.length * 2; i++) {
          const res = await fetch(`${this.url}/ready`);
          if (res.ok) served.add(res.headers.get('x-served-by') ?? '');
        }
        if (served.size === ports.length) return;
      } catch {}
      await new Promise((r) => setTimeout(r, 300));
    }
    throw new Error('HAProxy did not start serving every process');
  }
  async stop(): Promise<void> {
    const child = this.child;
    this.child = null;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  }
}
