import { describe, expect, it } from 'vitest';
import { envProblems } from '@repo/service-kit/test-service';
import { accountsEnvSchema } from '../src/env.ts';
import { parseCredentialsKey, secretBox, SecretBoxError } from '../src/domain/secret-box.ts';

const problems = (env: Record<string, string>) => envProblems('accounts', accountsEnvSchema, env);
const production = { NODE_ENV: 'production', TRUST_PROXY: '10.0.0.2' };
const key = Buffer.alloc(32, 7);

describe('accounts environment: the field-service credentials key', () => {
  it('is required in production, with what it is for and how to make one; not in development', () => {
    expect(problems(production)).toEqual([
      'FIELD_SERVICE_CREDENTIALS_KEY is required in production: the key the stored Jobber tokens are encrypted with (openssl rand -base64 32)',
    ]);
    expect(problems({ ...production, FIELD_SERVICE_CREDENTIALS_KEY: key.toString('base64') })).toEqual([]);
    expect(problems({})).toEqual([]);
  });

  it('is 32 bytes as base64 or hex, and a wrong one is named', () => {
    expect(problems({ FIELD_SERVICE_CREDENTIALS_KEY: key.toString('hex') })).toEqual([]);
    expect(problems({ FIELD_SERVICE_CREDENTIALS_KEY: 'change-me-openssl-rand-base64-32' })).toEqual([
      'FIELD_SERVICE_CREDENTIALS_KEY must be 32 bytes as 64 hex digits or base64 (openssl rand -base64 32)',
    ]);
    expect(parseCredentialsKey(Buffer.alloc(16).toString('base64'))).toBeUndefined();
  });
});

describe('the secret box', () => {
  it('seals a value that only the same key opens, differently each time', () => {
    const box = secretBox(key);
    const [first, second] = [box.seal('refresh-token-1'), box.seal('refresh-token-1')];
    expect(first).not.toBe(second);
    expect(first).not.toContain('refresh-token-1');
    expect(box.open(first)).toBe('refresh-token-1');
    expect(() => secretBox(Buffer.alloc(32, 8)).open(first)).toThrow(SecretBoxError);
    const [version, nonce, tag, sealed] = first.split('.');
    const changed = Buffer.from(sealed!, 'base64url');
    changed[0] = changed[0]! ^ 1;
    expect(() => box.open([version, nonce, tag, changed.toString('base64url')].join('.'))).toThrow(SecretBoxError);
  });
});
