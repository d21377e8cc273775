import { createHmac, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  baseEnvSchema,
  checkKeyPair,
  createService,
  EnvError,
  generateKeyPair,
  loadEnv,
  MemorySessionStore,
  sessionSigningEnvShape,
  signingKeyEnv,
  signSession,
  TokenRejectedError,
  tokenSigner,
  tokenVerifier,
  type ServiceApp,
} from '../src/index.ts';
import { testKeyEnv, testSigningKeys } from '../src/test-service.ts';

const problemsOf = (schema: z.ZodType, env: Record<string, string>) => {
  try {
    loadEnv('booking', schema, env);
  } catch (err) {
    if (err instanceof EnvError) return err.problems;
    throw err;
  }
  return [];
};
const accountsSchema = baseEnvSchema(0).extend(sessionSigningEnvShape).superRefine((env, ctx) => checkKeyPair(env, ctx, 'JWT_PRIVATE_KEY', 'JWT_PUBLIC_KEY'));
const oneLine = (pem: string) => pem.trim().replaceAll('\n', '\\n');
const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });

describe('key variables', () => {
  it('name a missing key and say what it is for', () => {
    expect(problemsOf(baseEnvSchema(0), {})).toEqual([
      "JWT_PUBLIC_KEY is required: accounts' key that session tokens are verified with (an Ed25519 public key in PEM, see .env.example)",
    ]);
    expect(problemsOf(accountsSchema, { JWT_PUBLIC_KEY: testSigningKeys.session.publicKey })).toEqual([
      'JWT_PRIVATE_KEY is required: the key accounts signs session tokens with (an Ed25519 private key in PEM, see .env.example)',
    ]);
  });

  it('name a malformed key and say what is wrong with it', () => {
    const problem = (value: string) => problemsOf(baseEnvSchema(0), { JWT_PUBLIC_KEY: value });
    expect(problem('x'.repeat(48))).toEqual([expect.stringMatching(/^JWT_PUBLIC_KEY must be an Ed25519 public key in PEM/)]);
    expect(problem(testSigningKeys.session.privateKey)).toEqual([expect.stringMatching(/^JWT_PUBLIC_KEY is a private key: give only its public half/)]);
    expect(problem('-----BEGIN PUBLIC KEY-----\nbm90IGEga2V5\n-----END PUBLIC KEY-----')).toEqual([expect.stringMatching(/^JWT_PUBLIC_KEY is not a readable public key/)]);
    expect(problem(rsa.publicKey.export({ type: 'spki', format: 'pem' }).toString())).toEqual(['JWT_PUBLIC_KEY must be an Ed25519 key (this one is rsa)']);
    const privateProblem = (value: string) => problemsOf(accountsSchema, { JWT_PUBLIC_KEY: testSigningKeys.session.publicKey, JWT_PRIVATE_KEY: value });
    expect(privateProblem(testSigningKeys.session.publicKey)).toEqual([expect.stringMatching(/^JWT_PRIVATE_KEY must be an Ed25519 private key in PEM/)]);
    expect(privateProblem(rsa.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString())).toEqual(['JWT_PRIVATE_KEY must be an Ed25519 key (this one is rsa)']);
  });

  it('refuse a private key whose public half is not JWT_PUBLIC_KEY', () => {
    expect(problemsOf(accountsSchema, { JWT_PUBLIC_KEY: testSigningKeys.session.publicKey, JWT_PRIVATE_KEY: generateKeyPair().privateKey })).toEqual([
      'JWT_PUBLIC_KEY is not the public half of JWT_PRIVATE_KEY',
    ]);
  });

  it('take a PEM on one line with \\n escapes, as a .env file holds it, or quoted', () => {
    const env = loadEnv('accounts', accountsSchema, {
      JWT_PUBLIC_KEY: oneLine(testSigningKeys.session.publicKey),
      JWT_PRIVATE_KEY: `"${oneLine(testSigningKeys.session.privateKey)}"`,
    });
    expect(env.JWT_PUBLIC_KEY).toBe(testSigningKeys.session.publicKey);
    expect(env.JWT_PRIVATE_KEY).toBe(testSigningKeys.session.privateKey);
  });

  it('are handed to each service as it needs them: only accounts gets the session private key, only booking the link one (tracking and payments its public half)', () => {
    const keys = testSigningKeys;
    expect(signingKeyEnv('accounts', keys)).toEqual({ JWT_PUBLIC_KEY: keys.session.publicKey, JWT_PRIVATE_KEY: keys.session.privateKey });
    expect(signingKeyEnv('booking', keys)).toEqual({ JWT_PUBLIC_KEY: keys.session.publicKey, LINK_PRIVATE_KEY: keys.link.privateKey });
    expect(signingKeyEnv('tracking', keys)).toEqual({ JWT_PUBLIC_KEY: keys.session.publicKey, LINK_PUBLIC_KEY: keys.link.publicKey });
    expect(signingKeyEnv('payments', keys)).toEqual({ JWT_PUBLIC_KEY: keys.session.publicKey, LINK_PUBLIC_KEY: keys.link.publicKey });
    expect(signingKeyEnv('notifications', keys)).toEqual({ JWT_PUBLIC_KEY: keys.session.publicKey });
  });
});

describe('EdDSA tokens', () => {
  const { privateKey, publicKey } = generateKeyPair();
  const sign = tokenSigner(privateKey);
  const verify = tokenVerifier(publicKey);
  const now = new Date('2026-11-20T12:00:00Z');
  const seconds = now.getTime() / 1000;
  const base64url = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const reason = (token: string, options = {}) => {
    try {
      verify(token, { now, ...options });
    } catch (err) {
      if (err instanceof TokenRejectedError) return err.reason;
      throw err;
    }
    return 'accepted';
  };

  it('verify what the key signed, until it expires', () => {
    const token = sign({ sub: 'x', iat: seconds, exp: seconds + 60 });
    expect(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString())).toEqual({ alg: 'EdDSA', typ: 'JWT' });
    expect(verify(token, { now })).toEqual({ sub: 'x', iat: seconds, exp: seconds + 60 });
    expect(reason(token, { now: new Date((seconds + 60) * 1000) })).toBe('expired');
    expect(reason(token, { now: new Date((seconds + 3600) * 1000), ignoreExpiration: true })).toBe('accepted');
    expect(reason(sign({ sub: 'x', nbf: seconds + 10 }))).toBe('not yet valid');
  });

  it('refuse any other algorithm, key or signature', () => {
    const payload = base64url({ sub: 'x', exp: seconds + 60 });
    const hs256 = (key: string) => `${base64url({ alg: 'HS256' })}.${payload}.${createHmac('sha256', key).update(`${base64url({ alg: 'HS256' })}.${payload}`).digest('base64url')}`;
    const [, , signature] = sign({ sub: 'x', exp: seconds + 60 }).split('.');
    expect(reason(`${base64url({ alg: 'none' })}.${payload}.`)).toBe('algorithm');
    expect(reason(hs256(publicKey))).toBe('algorithm');
    expect(reason(`${base64url({ alg: 'EdDSA', crit: ['b64'] })}.${payload}.${signature}`)).toBe('algorithm');
    expect(reason(tokenSigner(generateKeyPair().privateKey)({ sub: 'x', exp: seconds + 60 }))).toBe('signature');
    expect(reason(`${base64url({ alg: 'EdDSA', typ: 'JWT' })}.${base64url({ sub: 'y', exp: seconds + 60 })}.${signature}`)).toBe('signature');
    expect(reason(`${base64url({ alg: 'EdDSA', typ: 'JWT' })}.${payload}.`)).toBe('signature');
    expect(reason('abc.def')).toBe('malformed');
    expect(reason('a.b.c d')).toBe('malformed');
    expect(reason(`${Buffer.from('{').toString('base64url')}.${payload}.${signature}`)).toBe('malformed');
    expect(reason(sign({ sub: 'x', exp: 'tomorrow' }))).toBe('malformed');
  });
});

describe('minting sessions', () => {
  const sessions = new MemorySessionStore();
  const apps: ServiceApp[] = [];
  const start = async (name: 'accounts' | 'payments', sessionSigningKey?: string) => {
    const env = loadEnv(name, baseEnvSchema(0), { ...testKeyEnv, LOG_LEVEL: 'silent' });
    const app = await createService({ name, env, ready: async () => undefined, sessions, sessionSigningKey });
    app.get('/mine', { onRequest: app.authenticate }, async (request) => ({ sub: request.session?.sub }));
    await app.ready();
    apps.push(app);
    return app;
  };
  let accounts: ServiceApp;
  let payments: ServiceApp;
  beforeAll(async () => {
    accounts = await start('accounts', testSigningKeys.session.privateKey);
    payments = await start('payments');
  });
  afterAll(async () => {
    for (const app of apps) await app.close();
  });

  it('is for the service holding the private key; every service verifies what it minted', async () => {
    const token = signSession(accounts, { sub: 'customer:1', role: 'customer', customerId: 1, sid: sessions.open() });
    expect(JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString())).toMatchObject({ alg: 'EdDSA' });
    for (const app of [accounts, payments]) {
      expect((await app.inject({ method: 'GET', url: '/mine', headers: { authorization: `Bearer ${token}` } })).json()).toEqual({ sub: 'customer:1' });
    }
    // The kit's own verifier (appointment links) reads fast-jwt's tokens too: one format.
    expect(tokenVerifier(testSigningKeys.session.publicKey)(token)).toMatchObject({ sub: 'customer:1', role: 'customer' });
    expect(() => signSession(payments, { sub: 'staff:1', role: 'staff', sid: sessions.open() })).toThrow(/verify mode/);
  });
});
