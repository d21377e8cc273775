import { z } from 'zod';
import { appNames, localAppOrigin } from '@repo/contracts';
import { effectsEnvShape } from './effects/env.ts';
import { isKeyPair, normalisePem, privateKeyProblem, publicKeyProblem } from './signing-keys.ts';

export class EnvError extends Error {
  readonly problems: string[];
  constructor(service: string, problems: string[]) {
    super(`${service}: invalid environment:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'EnvError';
    this.problems = problems;
  }
}

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);

/** A key in PEM, checked at start-up; line breaks may be written as `\n` (one-line .env files). */
const pemKey = (problem: (pem: string) => string | undefined, missing: string) =>
  z.string({ error: missing }).transform((value, ctx) => {
    const pem = normalisePem(value);
    const found = problem(pem);
    if (found) ctx.addIssue({ code: 'custom', message: found });
    return pem;
  });

/** An Ed25519 private key (PEM) this service signs with; `openssl genpkey -algorithm ed25519` makes one. */
export const ed25519PrivateKey = (what: string) => pemKey(privateKeyProblem, `is required: ${what} (an Ed25519 private key in PEM, see .env.example)`);
/** An Ed25519 public key (PEM) this service verifies with; `openssl pkey -pubout` gives it from the private key. */
export const ed25519PublicKey = (what: string) => pemKey(publicKeyProblem, `is required: ${what} (an Ed25519 public key in PEM, see .env.example)`);

/** Accounts' environment: the private key it signs sessions with, which must pair with JWT_PUBLIC_KEY. */
export const sessionSigningEnvShape = { JWT_PRIVATE_KEY: ed25519PrivateKey('the key accounts signs session tokens with') };

/** A check for `.superRefine`: the private and public key variables are two halves of one keypair. */
export function checkKeyPair(env: Record<string, unknown>, ctx: z.RefinementCtx, privateName: string, publicName: string): void {
  const [privateKey, publicKey] = [env[privateName], env[publicName]];
  if (typeof privateKey !== 'string' || typeof publicKey !== 'string') return;
  if (privateKeyProblem(privateKey) || publicKeyProblem(publicKey)) return;
  if (!isKeyPair(privateKey, publicKey)) ctx.addIssue({ code: 'custom', path: [publicName], message: `is not the public half of ${privateName}` });
}

/** How a service stops on SIGTERM or SIGINT (see `runService`). */
export const shutdownEnvShape = {
  /**
   * How long readiness answers 503 while the service still takes requests, before it stops accepting connections:
   * time for a load balancer that polls readiness to send traffic elsewhere. 0 (the default) stops accepting at once.
   */
  SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  /** The bound on the whole shutdown (delay, in-flight requests, sockets, queue workers, database); past it the process exits with 1. */
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(10_000),
};

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
    /** Accounts' public key: every service verifies session tokens with it (only EdDSA is accepted). */
    JWT_PUBLIC_KEY: ed25519PublicKey("accounts' key that session tokens are verified with"),
    RATE_LIMIT_MAX: z.coerce.number().int().positive().default(300),
    /**
     * The gateway's addresses (proxy-addr's list: addresses, CIDR ranges, `loopback`): only a request from one of them
     * may name its client in X-Forwarded-For. Outside production the gateway runs on this machine. Required in
     * production (loadEnv), where no default can know the gateway's address.
     */
    TRUST_PROXY: z.string().min(1).default('loopback'),
    ALLOWED_ORIGINS: z.string().default(appNames.map((app) => localAppOrigin(app)).join(',')),
    COOKIE_SECURE: z.enum(['true', 'false']).optional(),
    SEED_DEMO: z.enum(['true', 'false']).default('false'),
    /**
     * The bearer token Prometheus sends to /metrics. Unset (development only), /metrics answers anyone who reaches the
     * service's port; required in production (loadEnv). The public gateway never routes /metrics either way.
     */
    METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters (e.g. `openssl rand -base64 32`)').optional(),
    ...shutdownEnvShape,
    ...effectsEnvShape,
  });
}
export type BaseEnv = z.infer<ReturnType<typeof baseEnvSchema>>;

/** Variables with a default for development that production must set itself, and why. */
const requiredInProduction: [name: string, why: string][] = [
  [
    'TRUST_PROXY',
    "the gateway's address (or addresses) whose X-Forwarded-For names the client, e.g. the compose network's gateway address (GATEWAY_ADDRESS); a request from any other address is counted under its own address, so no one else can choose the address its rate limits use",
  ],
  [
    'METRICS_TOKEN',
    'the bearer token Prometheus scrapes /metrics with (at least 32 characters, e.g. `openssl rand -base64 32`); without it anything that reaches the service could read its metrics',
  ],
];

const shapeOf = (schema: z.ZodType): object => (schema instanceof z.ZodObject ? schema.shape : {});

/** Parses the environment once at start-up; throws an EnvError naming every missing or malformed variable. */
export function loadEnv<S extends z.ZodType>(service: string, schema: S, source: NodeJS.ProcessEnv = process.env): z.infer<S> {
  // An empty variable (as compose passes an unset one) means "not set", so defaults and optional checks apply.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = schema.safeParse(present);
  const missingInProduction =
    present.NODE_ENV !== 'production'
      ? []
      : requiredInProduction.filter(([name]) => present[name] === undefined && name in shapeOf(schema)).map(([name, why]) => `${name} is required in production: ${why}`);
  if (result.success && !missingInProduction.length) return result.data;
  const problems = (result.success ? [] : result.error.issues).map((issue) => {
    const name = issue.path.join('.') || '(environment)';
    const missing = issue.code === 'invalid_type' && present[name] === undefined;
    // A schema may say what the missing variable is for ("is required: ...").
    const message = missing && !issue.message.startsWith('is required') ? 'is required' : issue.message;
    return `${name} ${message}`;
  });
  throw new EnvError(service, [...problems, ...missingInProduction]);
}
