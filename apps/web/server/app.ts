import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import {
  apiConfigFromEnv,
  buildApi,
  ConfigError,
  type Env,
  type GeoLookup,
  isProductionEnv,
  productionProblems,
  readEnv,
} from '@varg/api';
import { hashPassword } from '@varg/api/passwords';
import {
  activeMarkets,
  COUNTRIES,
  type Database,
  DEMO_ACCOUNT_DOMAIN,
  demoAccountCount,
  migrate,
  openDatabase,
  sampleLegalDocuments,
  seed,
} from '@varg/db';
import { CATALOGS, messagesFor, SOURCE_LANGUAGE } from '@varg/i18n/server';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { ServerBuild } from 'react-router';
import { z } from 'zod';
import { MESSAGE_AREAS_FILE, readFirstMessages, readMessageAreas, scanMessageAreas } from './message-areas.ts';
import { renderRobots, renderSitemap } from './seo.ts';
import { asStaticFile } from './static-headers.ts';
import { mountWeb } from './web.ts';

export const webRoot = fileURLToPath(new URL('..', import.meta.url));
const clientDir = join(webRoot, 'build', 'client');
const serverBuildPath = join(webRoot, 'build', 'server', 'index.js');

export interface ServerOptions {
  env: Env;
  /** Use this database instead of opening one from the environment (tests). */
  database?: Database;
  geo?: GeoLookup;
  logger?: FastifyServerOptions['logger'];
  /** Serve the pages from this build instead of the built files or Vite (tests without a build). */
  build?: () => Promise<ServerBuild>;
}

export interface Server {
  app: FastifyInstance;
  database: Database;
  close(): Promise<void>;
}

/**
 * Opens (and migrates and seeds) the database named by the environment: PostgreSQL or the embedded PGlite. The demo
 * seeds reference and demo data; production the reference data only (decision 026).
 */
export async function openEnvDatabase(env: Env): Promise<Database> {
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: join(env.DATA_DIR, 'pglite'),
    onIdleError: (err) => console.warn(`database: idle connection lost (${err.message})`),
  });
  await migrate(database);
  if (env.SEED) await seed(database, { demo: apiConfigFromEnv(env).demo, hashPassword });
  return database;
}

export interface StartCheck {
  /** The parsed environment (null when it does not parse). */
  env: Env | null;
  /** The migrated and seeded database, when the settings allow opening it; the caller closes it. */
  database: Database | null;
  /** Every reason not to start (empty: start). */
  problems: string[];
}

/**
 * Before serving: reads the environment and, in production (NODE_ENV=production without DEMO=1), checks every setting
 * production needs against the markets active in the database (after migrating and seeding the reference data). All
 * problems are collected, none stops the others from being found (decision 026).
 */
export async function checkStart(source: NodeJS.ProcessEnv = process.env): Promise<StartCheck> {
  const problems: string[] = [];
  let env: Env | null = null;
  try {
    env = readEnv(source);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    problems.push(
      ...error.message
        .split('\n')
        .slice(1)
        .map((line) => line.trim()),
    );
  }
  if (!isProductionEnv(source)) {
    return { env, database: env && !problems.length ? await openEnvDatabase(env) : null, problems };
  }
  // Production: the markets of a fresh database (the reference countries) until the database itself can say.
  let markets = COUNTRIES.filter((c) => c.status === 1).map((c) => ({ code: c.code, currency: c.currencyCode }));
  let database: Database | null = null;
  if (env && (env.DATABASE_URL || env.ALLOW_EMBEDDED_DATABASE)) {
    try {
      database = await openEnvDatabase(env);
      // An empty countries table (SEED=false on a fresh database) is checked as the reference data it will receive.
      const active = await activeMarkets(database);
      if (active.length) markets = active;
      const demoAccounts = await demoAccountCount(database);
      if (demoAccounts > 0)
        problems.push(
          `database: holds ${demoAccounts} demo account${demoAccounts === 1 ? '' : 's'} (…@${DEMO_ACCOUNT_DOMAIN}, from an earlier demo start) with the published demo password; delete them`,
        );
      const samples = await sampleLegalDocuments(database);
      if (samples.length > 0)
        problems.push(
          `legal documents: ${samples.length} still the seeded sample text (${samples.join(', ')}); publish the legal entity's own, e.g. \`npm run legal:publish -- sale '*' en-us terms-of-sale.md\``,
        );
    } catch (error) {
      problems.push(`DATABASE_URL: the database cannot be opened (${(error as Error).message})`);
      await database?.close().catch(() => {});
      database = null;
    }
  }
  problems.push(...productionProblems(source, markets));
  return { env, database, problems: [...new Set(problems)] };
}

/**
 * Loads the web's server build without letting it take over the API's schema ids. The build bundles its own copy of
 * the contracts it parses forms with; their `.meta({ id })` registrations would replace the API's in zod's shared
 * registry, and the OpenAPI document would then meet two schemas of one id (a 500 on /docs/json). The API's schemas
 * keep their ids.
 */
async function keepApiSchemaIds<T>(load: () => Promise<T>): Promise<T> {
  const apiIds = new Map(z.globalRegistry._idmap);
  try {
    return await load();
  } finally {
    for (const [id, schema] of apiIds) z.globalRegistry._idmap.set(id, schema);
  }
}

/** The one process: API, static files and server-rendered pages on one Fastify instance. */
export async function createServer(options: ServerOptions): Promise<Server> {
  const { env } = options;
  const dev = env.NODE_ENV === 'development';
  const database = options.database ?? (await openEnvDatabase(env));
  const app = await buildApi({
    config: apiConfigFromEnv(env),
    database,
    ...(options.geo ? { geo: options.geo } : {}),
    ...(options.logger !== undefined ? { logger: options.logger } : {}),
  });

  let build: ServerBuild | (() => Promise<ServerBuild>);
  const inlineStyles = new Map<string, string>();
  let closeVite: (() => Promise<void>) | undefined;
  if (options.build) {
    const load = options.build;
    build = () => keepApiSchemaIds(load);
  } else if (dev) {
    const vite = await import('vite');
    // HMR shares the app's own port, so the page's CSP (`connect-src 'self'`) allows it.
    const server = await vite.createServer({
      root: webRoot,
      server: { middlewareMode: true, hmr: { server: app.server } },
      appType: 'custom',
    });
    await app.register((await import('@fastify/middie')).default);
    app.use(server.middlewares);
    build = () =>
      keepApiSchemaIds(() => server.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>);
    closeVite = () => server.close();
  } else {
    if (!existsSync(serverBuildPath)) {
      throw new Error(`No web build at ${serverBuildPath}: run "npm run build" first.`);
    }
    build = await keepApiSchemaIds(() => import(serverBuildPath) as Promise<ServerBuild>);
    for (const file of readdirSync(join(clientDir, 'assets')).filter((f) => f.endsWith('.css'))) {
      inlineStyles.set(`/assets/${file}`, readFileSync(join(clientDir, 'assets', file), 'utf8'));
    }
    // Hashed build files never change: cache them for a year. Other public files: an hour. A script, stylesheet or
    // image goes without the headers only a document needs (static-headers.ts).
    await app.register(fastifyStatic, {
      root: clientDir,
      wildcard: false,
      // The build writes .br and .gz beside each hashed script and stylesheet (scripts/precompress.ts).
      preCompressed: true,
      setHeaders(reply, path) {
        reply.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
        );
        asStaticFile(reply, path);
      },
    });
  }

  const publicUrl = env.PUBLIC_URL;
  // Without PUBLIC_URL (the demo) the origin comes from the request: such an answer is never kept for others.
  const seoCache = publicUrl ? 'public, max-age=3600' : 'private, no-cache';
  app.get('/robots.txt', { schema: { hide: true } }, async (request, reply) => {
    reply.type('text/plain; charset=utf-8').header('cache-control', seoCache);
    return renderRobots(publicUrl ?? `${request.protocol}://${request.host}`);
  });
  app.get('/sitemap.xml', { schema: { hide: true } }, async (request, reply) => {
    const countries = await app.services.markets.listCountries({ status: 1, limit: 300, page: 1, sort: 'code' });
    reply.type('application/xml; charset=utf-8').header('cache-control', seoCache);
    return renderSitemap(
      publicUrl ?? `${request.protocol}://${request.host}`,
      countries.docs,
      apiConfigFromEnv(env).marketingSiteUrl,
    );
  });

  await mountWeb(app, {
    build,
    mode: dev || options.build ? 'development' : 'production',
    apiUrl: env.API_URL,
    publicUrl,
    pageCacheTtlMs: env.PAGE_CACHE_TTL_MS,
    renderConcurrency: env.RENDER_CONCURRENCY,
    inlineStyles,
    messagesFor,
    // Development reloads the sources: its pages get every text in one script. The build wrote which key is whose;
    // tests that render without a build scan the sources as the build does.
    ...(dev
      ? {}
      : options.build
        ? (({ areaOf, first }) => ({ messageAreas: areaOf, firstMessages: first }))(
            scanMessageAreas(Object.keys(CATALOGS[SOURCE_LANGUAGE])),
          )
        : {
            messageAreas: readMessageAreas(join(webRoot, 'build', MESSAGE_AREAS_FILE)),
            firstMessages: readFirstMessages(join(webRoot, 'build', MESSAGE_AREAS_FILE)),
          }),
    geo: app.services.geo,
    config: apiConfigFromEnv(env),
  });

  return {
    app,
    database,
    async close() {
      await app.close();
      await closeVite?.();
      if (!options.database) await database.close();
    },
  };
}
