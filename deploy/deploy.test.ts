import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { productionProblems, readEnv } from '@varg/api';
import { COUNTRIES } from '@varg/db';
import { Deployment } from 'kubernetes-models/apps/v1/Deployment';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2/HorizontalPodAutoscaler';
import { Job } from 'kubernetes-models/batch/v1/Job';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1/Ingress';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1/PodDisruptionBudget';
import { ConfigMap } from 'kubernetes-models/v1/ConfigMap';
import { Namespace } from 'kubernetes-models/v1/Namespace';
import { Secret } from 'kubernetes-models/v1/Secret';
import { Service } from 'kubernetes-models/v1/Service';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import {
  composeFile,
  dockerfileStages,
  envFile,
  FAKE_SECRETS,
  filled,
  find,
  kustomization,
  type Manifest,
  ROOT,
  read,
  type Stage,
} from './manifests.ts';

// Decision 063: the deployment kit is checked without a container engine or a cluster — the image runs what the npm
// scripts run, as a non-root user, with production dependencies only; compose and Kubernetes give the app every
// setting production requires (the start's own check, apps/api/src/production.ts), probes on /ready and /health.

const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string>; workspaces: string[] };
const lock = JSON.parse(read('package-lock.json')) as { packages: Record<string, { version?: string }> };
/**
 * `MALLOC_ARENA_MAX=2 node --max-semi-space-size=16 --max-old-space-size=256 --import …`: `npm run serve`, the
 * environment it sets (`serveEnv`, NAME=value words before the command) and its command (`serve`).
 */
const serveWords = (pkg.scripts.serve ?? '').split(' ');
const serveEnv = serveWords.slice(
  0,
  serveWords.findIndex((word) => !/^[A-Z_][A-Z0-9_]*=/.test(word)),
);
const serve = serveWords.slice(serveEnv.length);
const migrate = (pkg.scripts.migrate ?? '').split(' ');
const markets = COUNTRIES.filter((c) => c.status === 1).map((c) => ({ code: c.code, currency: c.currencyCode }));

/** The app may start in production with exactly this environment: it parses, and production finds nothing missing. */
function expectProductionReady(env: Record<string, string>) {
  const raw = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== ''));
  expect(() => readEnv(raw)).not.toThrow();
  expect(productionProblems(raw, markets)).toEqual([]);
}

describe('Dockerfile', () => {
  const { args, stages } = dockerfileStages(read('Dockerfile'));
  const runtime = stages.at(-1) as Stage;
  const ops = (stage: Stage, op: string) => stage.instructions.filter((i) => i.op === op).map((i) => i.args);

  it('builds on the Node version the lockfile pins', () => {
    expect(args.NODE_VERSION).toBe(lock.packages['node_modules/node']?.version);
    const $ = (name: string) => `\${${name}}`; // the Dockerfile's own ${…}, not this file's
    expect(args.NODE_IMAGE).toBe(`node:${$('NODE_VERSION')}-bookworm-slim`);
    for (const stage of stages) expect(stage.from).toBe($('NODE_IMAGE'));
  });

  it('installs from every workspace manifest, all dependencies to build and production ones to run', () => {
    const manifests = ops(stages[0] as Stage, 'COPY').join('\n');
    const workspaces = pkg.workspaces.flatMap((glob) => {
      const dir = glob.replace('/*', '');
      return readdirSync(join(ROOT, dir)).map((name) => `${dir}/${name}/package.json`);
    });
    for (const path of ['package-lock.json', ...workspaces.filter((p) => existsSync(join(ROOT, p)))])
      expect(manifests).toContain(path);
    const build = stages.find((s) => s.name === 'build') as Stage;
    expect(ops(build, 'RUN').join('\n')).toMatch(/npm ci(\n|$)/);
    expect(ops(build, 'RUN')).toContain('npm run build');
    const app = stages.find((s) => s.name === 'app') as Stage;
    expect(ops(app, 'RUN').join('\n')).toContain('npm ci --omit=dev');
    expect(ops(runtime, 'COPY')).toEqual(['--from=app /app /app']);
  });

  it('runs the serve script as an unprivileged user, with a health check on /health', () => {
    expect(JSON.parse(ops(runtime, 'CMD')[0] ?? '')).toEqual(serve);
    expect(ops(runtime, 'USER')).toEqual(['10001:10001']);
    const healthcheck = ops(runtime, 'HEALTHCHECK')[0] ?? '';
    expect(healthcheck).toContain('/health');
    expect(healthcheck).toContain('process.env.PORT');
    expect(ops(runtime, 'ENV').join(' ')).toContain('NODE_ENV=production');
    // …and in the environment `npm run serve` gives it (decision 006), which Compose and Kubernetes inherit.
    const env = ops(runtime, 'ENV').join(' ').split(/\s+/);
    for (const assignment of serveEnv) expect(env).toContain(assignment);
  });

  it('copies only files that exist, and leaves dependencies, data and secrets out of the context', () => {
    for (const stage of stages)
      for (const copy of ops(stage, 'COPY').filter((c) => !c.startsWith('--from')))
        for (const source of copy.split(/\s+/).slice(0, -1)) expect(existsSync(join(ROOT, source)), source).toBe(true);
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['.git', '**/node_modules', '**/build', 'data', '.env', 'deploy'])
      expect(ignored).toContain(entry);
  });
});

describe('compose.yaml', () => {
  const dotenv = filled(envFile(read('deploy/.env.example')));
  const { services } = composeFile(dotenv);
  const replicas = Object.keys(services).filter((name) => /^app-\d+$/.test(name));
  const app = services['app-1'] as NonNullable<(typeof services)['app-1']>;

  it('has PostgreSQL, Redis, MinIO with its bucket, a migration, two replicas and the TLS proxy', () => {
    expect(Object.keys(services).sort()).toEqual(
      ['app-1', 'app-2', 'caddy', 'migrate', 'minio', 'minio-init', 'postgres', 'redis'].sort(),
    );
    expect(replicas.length).toBeGreaterThanOrEqual(2);
    for (const name of replicas) expect(services[name]).toEqual(app);
    expect(app.ports).toBeUndefined();
    expect(app.depends_on).toMatchObject({
      migrate: { condition: 'service_completed_successfully' },
      'minio-init': { condition: 'service_completed_successfully' },
      redis: { condition: 'service_healthy' },
    });
    expect(services.migrate?.command).toEqual(migrate);
    expect(services.migrate?.depends_on).toMatchObject({ postgres: { condition: 'service_healthy' } });
    expect(services.caddy?.ports).toEqual(expect.arrayContaining(['80:80', '443:443']));
    for (const service of Object.values(services))
      for (const volume of service.volumes ?? [])
        if (volume.startsWith('./')) expect(existsSync(join(ROOT, volume.split(':')[0] ?? '')), volume).toBe(true);
  });

  it('runs the app read-only, without capabilities', () => {
    expect(app.read_only).toBe(true);
    expect(app.cap_drop).toEqual(['ALL']);
  });

  it('balances over every replica that answers /ready, on the port they listen on', () => {
    const caddyfile = read('deploy/compose/Caddyfile');
    const upstreams = /reverse_proxy ([^{]+)\{/.exec(caddyfile)?.[1]?.trim().split(/\s+/);
    expect(upstreams).toEqual(replicas.map((name) => `${name}:3000`));
    expect(caddyfile).toContain('health_uri /ready');
    expect(caddyfile).toContain('tls {$SHOP_TLS}');
  });

  it('gives the app every setting production requires, from .env and the services', () => {
    const env = { ...dotenv, ...app.environment };
    expect(env.DATABASE_URL).toBe(`postgres://shop:${FAKE_SECRETS.POSTGRES_PASSWORD}@postgres:5432/shop`);
    expect(env.PUBLIC_URL).toBe('https://shop.example.com');
    expect(env.MINIO_ROOT_PASSWORD).toBe('');
    expectProductionReady(env);
  });

  it('refuses to start compose without the required values', () => {
    expect(() => composeFile(envFile(read('deploy/.env.example')))).toThrow(/set [A-Z_]+ in \.env/);
  });
});

describe('Kubernetes manifests (deploy/k8s)', () => {
  const app = kustomization('deploy/k8s');
  const job = kustomization('deploy/k8s/migrate');
  const deployment = find(app.manifests, 'Deployment') as Manifest;
  const pod = deployment.spec.template.spec;
  const container = pod.containers[0];
  const config = find(app.manifests, 'ConfigMap', 'shop-config') as Manifest;
  const secret = parse(read('deploy/k8s/secret.template.yaml')) as Manifest;

  it('are valid Kubernetes objects', () => {
    const models: Record<string, new (data: never) => { validate(): void }> = {
      Namespace,
      ConfigMap,
      Deployment,
      Service,
      Ingress,
      HorizontalPodAutoscaler,
      PodDisruptionBudget,
      Job,
      Secret,
    };
    const all = [...app.manifests, ...job.manifests, secret];
    expect(all.map((m) => m.kind).sort()).toEqual(
      [
        'ConfigMap',
        'ConfigMap',
        'Deployment',
        'HorizontalPodAutoscaler',
        'Ingress',
        'Job',
        'Namespace',
        'Namespace',
        'PodDisruptionBudget',
        'Secret',
        'Service',
      ].sort(),
    );
    for (const manifest of all) {
      const Model = models[manifest.kind];
      if (!Model) throw new Error(`no model for ${manifest.kind}`);
      expect(() => new Model(manifest as never).validate(), `${manifest.kind} ${manifest.metadata.name}`).not.toThrow();
    }
  });

  it('probe readiness on /ready and liveness on /health, on the port the app listens on', () => {
    const port = container.ports.find((p: Manifest) => p.name === 'http').containerPort;
    expect(container.env).toContainEqual({ name: 'PORT', value: String(port) });
    expect(container.readinessProbe.httpGet).toEqual({ path: '/ready', port: 'http' });
    expect(container.livenessProbe.httpGet).toEqual({ path: '/health', port: 'http' });
    expect(container.startupProbe.httpGet).toEqual({ path: '/health', port: 'http' });
    expect(container.command).toEqual(serve);
    // The image's environment of `npm run serve` (MALLOC_ARENA_MAX) is not set otherwise here.
    for (const assignment of serveEnv) {
      const [name, value] = assignment.split('=');
      for (const set of container.env.filter((e: Manifest) => e.name === name)) expect(set.value).toBe(value);
    }
    // The process drains for up to 10 s after SIGTERM (apps/web/server/index.ts), after the preStop pause.
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(15);
  });

  it('run as the image’s unprivileged user on a read-only root, with resources set', () => {
    for (const spec of [pod, job.manifests.find((m) => m.kind === 'Job')?.spec.template.spec]) {
      expect(spec.securityContext).toMatchObject({ runAsNonRoot: true, runAsUser: 10001, runAsGroup: 10001 });
      for (const c of spec.containers) {
        expect(c.securityContext).toMatchObject({
          allowPrivilegeEscalation: false,
          readOnlyRootFilesystem: true,
          capabilities: { drop: ['ALL'] },
        });
        // The geo-IP provider links its data files under the temporary folder.
        expect(c.volumeMounts).toContainEqual({ name: 'tmp', mountPath: '/tmp' });
        for (const kind of ['requests', 'limits'])
          expect(Object.keys(c.resources[kind]).sort()).toEqual(['cpu', 'memory']);
      }
    }
  });

  it('tie the Service, Ingress, autoscaler and disruption budget to the Deployment', () => {
    const labels = deployment.spec.template.metadata.labels;
    const service = find(app.manifests, 'Service') as Manifest;
    expect(service.spec.selector).toEqual(deployment.spec.selector.matchLabels);
    expect(labels).toMatchObject(deployment.spec.selector.matchLabels);
    const backend = (find(app.manifests, 'Ingress') as Manifest).spec.rules[0].http.paths[0].backend.service;
    expect(backend.name).toBe(service.metadata.name);
    expect(service.spec.ports.map((p: Manifest) => p.name)).toContain(backend.port.name);
    const hpa = find(app.manifests, 'HorizontalPodAutoscaler') as Manifest;
    expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'shop' });
    expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(2);
    const pdb = find(app.manifests, 'PodDisruptionBudget') as Manifest;
    expect(pdb.spec.selector.matchLabels).toEqual(deployment.spec.selector.matchLabels);
    expect(pdb.spec.minAvailable).toBeLessThan(hpa.spec.minReplicas);
  });

  it('migrate in a Job with the same image and settings, running the migrate script', () => {
    const spec = (find(job.manifests, 'Job') as Manifest).spec.template.spec;
    expect(spec.restartPolicy).toBe('Never');
    expect(spec.containers[0].command).toEqual(migrate);
    expect(spec.containers[0].envFrom).toEqual(container.envFrom);
    expect(spec.containers[0].image).toBe(container.image);
    expect(job.images).toEqual(app.images);
  });

  it('give the app every setting production requires, from the ConfigMap and the Secret', () => {
    const refs = container.envFrom.map((e: Manifest) => e.configMapRef?.name ?? e.secretRef?.name);
    expect(refs).toEqual([config.metadata.name, secret.metadata.name]);
    // The Secret is made out of band: no kustomization applies the template over a real one.
    expect([...app.files, ...job.files]).not.toContain('deploy/k8s/secret.template.yaml');
    expect(Object.values(secret.stringData).every((v) => v === '')).toBe(true);
    const env: Record<string, string> = { ...config.data, ...filled(secret.stringData) };
    for (const { name, value } of container.env) env[name] = value;
    expectProductionReady(env);
    // Nothing secret in the ConfigMap.
    for (const key of Object.keys(config.data))
      expect(key).not.toMatch(/SECRET|KEY|PASSWORD|TOKEN|DATABASE_URL|REDIS_URL/);
  });
});
