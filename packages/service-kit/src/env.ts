import { z } from 'zod';
import { appNames, localAppOrigin } from '@repo/contracts';
import { effectsEnvShape } from './effects/env.ts';

export class EnvError extends Error {
  readonly problems: string[];
  constructor(service: string, problems: string[]) {
    super(`${service}: invalid environment:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'EnvError';
    this.problems = problems;
  }
}

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

/** Variables every service reads. Service-specific ones are added with `.extend()`. */
export function baseEnvSchema(defaultPort: number) {
  return z.object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: port(defaultPort),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// URL' }).optional(),
    DATA_DIR: z.string().min(1).optional(),
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
    JWT_SECRET: z.string({ error: 'is required (at least 32 characters)' }).min(32, 'must be at least 32 characters'),
    RATE_LIMIT_MAX: z.coerce.number().int().positive().default(300),
    TRUST_PROXY: z.string().default('loopback,linklocal,uniquelocal'),
    ALLOWED_ORIGINS: z.string().default(appNames.map((app) => localAppOrigin(app)).join(',')),
    COOKIE_SECURE: z.enum(['true', 'false']).optional(),
    SEED_DEMO: z.enum(['true', 'false']).default('false'),
    ...effectsEnvShape,
  });
}
export type BaseEnv = z.infer<ReturnType<typeof baseEnvSchema>>;

/** Parses the environment once at start-up; throws an EnvError naming every missing or malformed variable. */
export function loadEnv<S extends z.ZodType>(service: string, schema: S, source: NodeJS.ProcessEnv = process.env): z.infer<S> {
  // An empty variable (as compose passes an unset one) means "not set", so defaults and optional checks apply.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = schema.safeParse(present);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const name = issue.path.join('.') || '(environment)';
    const message = issue.code === 'invalid_type' && present[name] === undefined ? 'is required' : issue.message;
    return `${name} ${message}`;
  });
  throw new EnvError(service, problems);
}
