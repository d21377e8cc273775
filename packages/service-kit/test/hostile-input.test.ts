import { createHmac, generateKeyPairSync, sign } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { authMessages, unsafeTextMessages } from '@repo/contracts';
import { createDatabase, type Database } from '../src/db/index.ts';
import { baseEnvSchema, createService, generateKeyPair, loadEnv, MemorySessionStore, tokenSigner, type ServiceApp } from '../src/index.ts';
import { expectApiError, signTestSession, testKeyEnv, testSigningKeys, unsafeTexts } from '../src/test-service.ts';
import { createTestDatabase, type TestDatabase } from '../src/testing/index.ts';

const env = loadEnv('booking', baseEnvSchema(3001), { ...testKeyEnv, LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '10000' });
const sessions = new MemorySessionStore();
let app: ServiceApp;
let testDatabase: TestDatabase;
let database: Database<unknown>;

beforeAll(async () => {
  testDatabase = await createTestDatabase();
  database = await createDatabase(testDatabase.config);
  app = await createService({ name: 'booking', env, ready: async () => undefined, sessions });
  app.post('/echo/:word', {
    schema: {
      params: z.object({ word: z.string() }),
      querystring: z.object({ q: z.string().optional() }),
      body: z.object({ name: z.string(), tags: z.array(z.string()).default([]), extra: z.record(z.string(), z.unknown()).optional() }),
    },
  }, async (request) => ({ ...request.body, word: request.params.word, q: request.query.q }));
  // A value the schema lets through but the column cannot take: what the safety net is for.
  app.get('/cast', { schema: { querystring: z.object({ value: z.string(), type: z.enum(['int', 'date', 'smallint', 'divisor']) }) } }, async (request) => {
    const { value, type } = request.query;
    const cast = { int: sql`${value}::int`, date: sql`${value}::date`, smallint: sql`${value}::smallint`, divisor: sql`1 / ${value}::int` }[type];
    const { rows } = await sql<{ v: unknown }>`select ${cast} as v`.execute(database.db);
    return { value: String(rows[0]?.v) };
  });
  app.get('/signed-in', { onRequest: app.authenticate, schema: {} }, async (request) => ({ sub: request.session?.sub }));
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await testDatabase?.cleanup();
});

describe('text no database can store', () => {
  const echo = (word: string, query: string, payload: unknown) =>
    app.inject({ method: 'POST', url: `/echo/${word}?${query}`, headers: { 'content-type': 'application/json' }, payload: JSON.stringify(payload) });

  it.each(unsafeTexts)('refuses %j in a body field, a nested field, a key, the query and the path with a 400 naming where', async (text) => {
    const message = text.includes('\u0000') ? unsafeTextMessages.nul : unsafeTextMessages.brokenCharacter;
    expectApiError(await echo('w', '', { name: text }), 400, 'VALIDATION_ERROR', { name: message });
    expectApiError(await echo('w', '', { name: 'ok', tags: ['fine', text] }), 400, 'VALIDATION_ERROR', { 'tags.1': message });
    expectApiError(await echo('w', '', { name: 'ok', extra: { [text]: 1 } }), 400, 'VALIDATION_ERROR', { extra: message });
    if (text.includes('\u0000')) {
      // A URL carries NUL (%00) but no lone surrogate.
      expectApiError(await echo('w', `q=${encodeURIComponent(text)}`, { name: 'ok' }), 400, 'VALIDATION_ERROR', { 'querystring.q': message });
      expectApiError(await echo(encodeURIComponent(text), '', { name: 'ok' }), 400, 'VALIDATION_ERROR', { 'params.word': message });
    }
  });

  it('lets every other text through, emoji and control characters included', async () => {
    const response = await echo('caf%C3%A9', 'q=%F0%9F%98%80', { name: 'Zoë 😀\t\u001b', tags: ['\ufffd'] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ name: 'Zoë 😀\t\u001b', tags: ['\ufffd'], word: 'café', q: '😀' });
  });

  it('walks a deeply nested body without overflowing', async () => {
    const deep = `{"name":"x","extra":{"a":${'['.repeat(50_000)}"\\u0000"${']'.repeat(50_000)}}}`;
    const response = await app.inject({ method: 'POST', url: '/echo/w', headers: { 'content-type': 'application/json' }, payload: deep });
    expect(response.statusCode, response.body.slice(0, 300)).toBe(400);
  });
});

describe('the database safety net', () => {
  it.each([
    ['int', '99999999999'],
    ['int', 'abc'],
    ['smallint', '40000'],
    ['date', '2024-02-30'],
    ['date', 'not-a-date'],
    ['divisor', '0'],
  ])('answers a %s the column cannot hold (%s) with 400 in the error shape, not 500', async (type, value) => {
    const response = await app.inject({ method: 'GET', url: `/cast?type=${type}&value=${encodeURIComponent(value)}` });
    expectApiError(response, 400, 'BAD_REQUEST');
    expect(response.json().error.message).toMatch(/cannot be stored/);
  });

  it('still answers a value that fits', async () => {
    expect((await app.inject({ method: 'GET', url: '/cast?type=int&value=42' })).json()).toEqual({ value: '42' });
  });
});

describe('session tokens', () => {
  const base64url = (value: object | string) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
  const session = () => ({ sub: 'staff:1', role: 'staff' as const, sid: sessions.open() });
  /** As a token carries them: the session and when the token was made and ends. */
  const claims = () => ({ ...session(), iat: Math.floor(Date.now() / 1000), exp: Math.floor(Date.now() / 1000) + 3600 });
  const publicKey = testSigningKeys.session.publicKey;
  const hmac = (hash: 'sha256' | 'sha512', header: object, payload: object, key: string | Buffer) => {
    const signingInput = `${base64url(header)}.${base64url(payload)}`;
    return `${signingInput}.${createHmac(hash, key).update(signingInput).digest('base64url')}`;
  };
  /** Signs with any key and says any algorithm in the header (the header is not checked by the signer). */
  const eddsa = (header: object, payload: object, privateKey = testSigningKeys.session.privateKey) => {
    const signingInput = `${base64url(header)}.${base64url(payload)}`;
    return `${signingInput}.${sign(null, Buffer.from(signingInput), privateKey).toString('base64url')}`;
  };
  const signedIn = (token: string) => app.inject({ method: 'GET', url: '/signed-in', headers: { authorization: `Bearer ${token}` } });

  it("accepts a token signed EdDSA with accounts' key, so the refusals below are about the token", async () => {
    expect((await signedIn(eddsa({ alg: 'EdDSA', typ: 'JWT' }, claims()))).json()).toEqual({ sub: 'staff:1' });
    expect((await signedIn(signTestSession(session()))).statusCode).toBe(200);
  });

  it('cannot mint a session: a service holds only the public key', () => {
    expect(() => app.jwt.sign(session())).toThrow(/verify mode/);
  });

  it.each([
    ['alg none, unsigned', () => `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims())}.`],
    ['alg none with a signature', () => `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims())}.${base64url('x')}`],
    ['alg None (any case)', () => `${base64url({ alg: 'None', typ: 'JWT' })}.${base64url(claims())}.`],
    ['HS256 with the public key (PEM) as the secret', () => hmac('sha256', { alg: 'HS256', typ: 'JWT' }, claims(), publicKey)],
    ['HS256 with the public key (DER) as the secret', () => hmac('sha256', { alg: 'HS256', typ: 'JWT' }, claims(), Buffer.from(publicKey.replace(/-----[A-Z ]+-----|\s/g, ''), 'base64'))],
    ['HS512 with the public key as the secret', () => hmac('sha512', { alg: 'HS512', typ: 'JWT' }, claims(), publicKey)],
    ['HS256 with the old kind of shared secret', () => hmac('sha256', { alg: 'HS256', typ: 'JWT' }, claims(), 'y'.repeat(32))],
    ['a bad signature', () => `${signTestSession(session()).slice(0, -4)}AAAA`],
    ['another Ed25519 key', () => eddsa({ alg: 'EdDSA', typ: 'JWT' }, claims(), generateKeyPair().privateKey)],
    ["booking's link key", () => eddsa({ alg: 'EdDSA', typ: 'JWT' }, claims(), testSigningKeys.link.privateKey)],
    ['an RSA key named RS256', () => {
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const signingInput = `${base64url({ alg: 'RS256', typ: 'JWT' })}.${base64url(claims())}`;
      return `${signingInput}.${sign('sha256', Buffer.from(signingInput), privateKey).toString('base64url')}`;
    }],
    ['the right signature under another alg name', () => eddsa({ alg: 'ES256', typ: 'JWT' }, claims())],
    ['claims changed after signing', () => {
      const [header, , signature] = signTestSession(session()).split('.');
      return `${header}.${base64url({ ...claims(), role: 'admin' })}.${signature}`;
    }],
    ['claims that are not a session', () => tokenSigner(testSigningKeys.session.privateKey)({ sub: 'staff:1', role: 'root', iat: 1 })],
    ['not a token at all', () => 'abc.def'],
    ['NUL in the token', () => `${signTestSession(session())}\u0000`],
  ])('refuses %s with 401', async (_name, token) => {
    expectApiError(await signedIn(token()), 401, 'UNAUTHORIZED');
  });

  it('refuses an expired token with 401 saying the session ended', async () => {
    const expired = eddsa({ alg: 'EdDSA', typ: 'JWT' }, { ...claims(), iat: 1_600_000_000, exp: 1_600_000_060 });
    const response = await signedIn(expired);
    expectApiError(response, 401, 'UNAUTHORIZED');
    expect(response.json().error.message).toBe(authMessages.sessionEnded);
    expectApiError(await signedIn(signTestSession(session(), -1)), 401, 'UNAUTHORIZED');
  });
});
