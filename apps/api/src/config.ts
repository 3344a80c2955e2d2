import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0', '']).transform((v) => v === 'true' || v === '1');

/** Every environment variable the server reads (README, "Configuration"). Read once, at start. */
export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
    .optional(),
  DATA_DIR: z.string().default('./data'),
  API_URL: z.url().optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  MARKETING_SITE_URL: z.url().default('https://www.starkfuture.com'),
  TRUST_PROXY: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
  PAGE_CACHE_TTL_MS: z.coerce.number().int().min(0).default(10_000),
  SEED: bool.default(true),
});
export type Env = z.infer<typeof EnvSchema>;

export interface ApiConfig {
  env: Env['NODE_ENV'];
  logLevel: Env['LOG_LEVEL'];
  marketingSiteUrl: string;
  /** `false`, `true`, a hop count or a list of trusted proxy addresses, as Fastify's `trustProxy`. */
  trustProxy: boolean | number | string | string[];
  rateLimitMax: number;
  redisUrl?: string | undefined;
}

export class ConfigError extends Error {}

/** Parses the environment; throws a ConfigError naming every bad variable. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid environment configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}

export function parseTrustProxy(value: string | undefined): ApiConfig['trustProxy'] {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export function apiConfigFromEnv(env: Env): ApiConfig {
  return {
    env: env.NODE_ENV,
    logLevel: env.LOG_LEVEL,
    marketingSiteUrl: env.MARKETING_SITE_URL,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    rateLimitMax: env.RATE_LIMIT_MAX,
    redisUrl: env.REDIS_URL,
  };
}
