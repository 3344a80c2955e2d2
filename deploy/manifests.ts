// Reading the deployment kit for deploy/deploy.test.ts: the Dockerfile's stages, compose.yaml with its variables
// filled in from an env file, the Kubernetes manifests, and the environment each of them gives the app.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, parseAllDocuments } from 'yaml';

export const ROOT = new URL('../', import.meta.url).pathname;
export const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** A Dockerfile stage: its base, its name and its instructions (continuation lines joined). */
export interface Stage {
  from: string;
  name: string | undefined;
  instructions: { op: string; args: string }[];
}

export function dockerfileStages(text: string): { args: Record<string, string>; stages: Stage[] } {
  const lines = text
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const args: Record<string, string> = {};
  const stages: Stage[] = [];
  for (const line of lines) {
    const [op = '', ...rest] = line.split(/\s+/);
    const argsText = rest.join(' ');
    if (op.toUpperCase() === 'FROM') {
      const [from = '', as, name] = argsText.split(/\s+/);
      stages.push({ from, name: as?.toUpperCase() === 'AS' ? name : undefined, instructions: [] });
    } else if (stages.length === 0 && op.toUpperCase() === 'ARG') {
      const [key = '', value = ''] = argsText.split('=');
      args[key] = value;
    } else {
      stages.at(-1)?.instructions.push({ op: op.toUpperCase(), args: argsText });
    }
  }
  return { args, stages };
}

/** `KEY=value` lines of an env file; commented lines are left out. */
export function envFile(text: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line.trim());
    if (match?.[1]) env[match[1]] = match[2] ?? '';
  }
  return env;
}

/** Compose's variable syntax: `${VAR}`, `${VAR:-default}`, `${VAR:?message}`, `$$` for a literal `$`. */
export function interpolate(text: string, vars: Record<string, string>): string {
  return text.replace(/\$\$|\$\{([A-Z_][A-Z0-9_]*)(?:(:?[-?])([^}]*))?\}/g, (whole, name, kind, word) => {
    if (whole === '$$') return '$';
    const value = vars[name];
    if (value) return value;
    if (kind === ':?' || kind === '?') throw new Error(`${name}: ${word}`);
    return kind ? (word ?? '') : '';
  });
}

export interface ComposeService {
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  env_file?: string | string[];
  depends_on?: Record<string, { condition: string }> | string[];
  deploy?: { replicas?: number };
  ports?: string[];
  volumes?: string[];
  healthcheck?: { test?: string[]; disable?: boolean };
  read_only?: boolean;
  cap_drop?: string[];
}

export function composeFile(vars: Record<string, string>): { services: Record<string, ComposeService> } {
  return parse(interpolate(read('compose.yaml'), vars), { merge: true });
}

// biome-ignore lint/suspicious/noExplicitAny: manifests are plain parsed YAML, checked field by field by the tests
export type Manifest = Record<string, any>;

/** Every document of the Kubernetes manifests a kustomization lists, its sub-kustomizations followed. */
export function kustomization(dir: string): { manifests: Manifest[]; images: Manifest[]; files: string[] } {
  const k = parse(read(join(dir, 'kustomization.yaml'))) as Manifest;
  const result = { manifests: [] as Manifest[], images: (k.images ?? []) as Manifest[], files: [] as string[] };
  for (const resource of k.resources as string[]) {
    const path = join(dir, resource);
    if (resource.endsWith('.yaml')) {
      result.files.push(path);
      result.manifests.push(...parseAllDocuments(read(path)).map((doc) => doc.toJS() as Manifest));
    } else {
      const sub = kustomization(path);
      result.manifests.push(...sub.manifests);
      result.files.push(...sub.files);
    }
  }
  return result;
}

export const find = (manifests: Manifest[], kind: string, name?: string) =>
  manifests.find((m) => m.kind === kind && (name === undefined || m.metadata?.name === name));

/**
 * Stand-in secrets of the right shapes (never used anywhere): what an operator fills in where a template leaves a
 * value empty. Variables without an entry here keep the template's value.
 */
export const FAKE_SECRETS: Record<string, string> = {
  DATABASE_URL: 'postgres://shop:pw@db.example.internal:5432/shop',
  REDIS_URL: 'redis://:pw@redis.example.internal:6379',
  JWT_SECRET: 'q3Vt8xY1mN0pL7sK2dF9gH4jR6wE5zC8bA1uI0oP',
  WHISTLEBLOWING_KEY: 'kW4u9bS1Q2rT3yU4iO5pA6sD7fG8hJ9kL0zX1cV2bN0=',
  SMTP_URL: 'smtps://shop:pw@smtp.example.com:465',
  RECAPTCHA_SITE_KEY: '6LcSiteKey',
  RECAPTCHA_PROJECT_ID: 'shop-prod',
  RECAPTCHA_API_KEY: 'AIzaApiKey',
  STRIPE_SECRET_KEY: 'sk_live_51FakeKeyForTheDeployTest',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_51FakeKeyForTheDeployTest',
  STRIPE_WEBHOOK_SECRET: 'whsec_7Hq2Lm9Xc4Vb8Nz1Kd6Fg3Sj0Pw5Rt',
  BANK_TRANSFER_IBAN: 'DE89370400440532013000',
  BANK_TRANSFER_BIC: 'COBADEFFXXX',
  AWS_ACCESS_KEY_ID: 'shop-app',
  AWS_SECRET_ACCESS_KEY: 'f0c1d2e3a4b5c6d7e8f9a0b1c2d3e4f5',
  SHOP_DOMAIN: 'shop.example.com',
  SHOP_TLS: 'ops@example.com',
  POSTGRES_PASSWORD: 'a1b2c3d4e5f60718293a4b5c6d7e8f90',
  MINIO_ROOT_PASSWORD: '0f9e8d7c6b5a49382716a5b4c3d2e1f0',
  S3_SECRET_ACCESS_KEY: 'f0c1d2e3a4b5c6d7e8f9a0b1c2d3e4f5',
};

/** A template's values with every empty one filled in from FAKE_SECRETS (left empty when it has none). */
export function filled(template: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(template).map(([k, v]) => [k, v === '' ? (FAKE_SECRETS[k] ?? '') : v]));
}
