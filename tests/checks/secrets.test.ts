import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { appNames } from '@repo/contracts';
import {
  jobberSandboxCredentials,
  jobberSandboxOAuth,
  serviceProSandboxCredentials,
  serviceTitanSandboxCredentials,
} from '@repo/field-service/sandbox';

/**
 * No secret in anything a browser can download: every file of every app's production build is read as text and
 * searched for the shapes secrets take (server-side Stripe keys, webhook secrets, private keys, signed tokens,
 * connection strings with a password), for the names of the services' secret settings (a bundle that mentions
 * JWT_SECRET has code that reads it), and for the fixed credentials of the field-service sandboxes, which a careless
 * import of server code would carry along.
 */
const repoRoot = path.resolve(import.meta.dirname, '../..');

const shapes: [string, RegExp][] = [
  ['a Stripe secret or restricted key', /\b[sr]k_(live|test)_[A-Za-z0-9]{8,}/],
  ['a Stripe webhook secret', /\bwhsec_[A-Za-z0-9]{8,}/],
  ['a private key', /-----BEGIN [A-Z ]*PRIVATE KEY-----/],
  ['a signed token (JWT)', /\beyJ[\w-]{10,}\.eyJ[\w-]{10,}\.[\w-]{10,}/],
  ['a connection string with a password', /\b(postgres(ql)?|mysql|redis|amqp):\/\/[^\s:/@"'`]+:[^\s@"'`]+@/],
  ['an AWS access key', /\bAKIA[0-9A-Z]{16}\b/],
];

/** Settings that hold secrets on the servers (see .env.example): not even their names belong in a bundle. */
const secretSettings = [
  'JWT_SECRET', 'JWT_PRIVATE_KEY', 'LINK_PRIVATE_KEY', 'SERVICE_KEY', 'TRUSTED_SERVICE_KEYS', 'DATABASE_PASSWORD', 'DATABASE_URL', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET',
  'ADMIN_PASSWORD', 'SMTP_PASSWORD', 'SERVICEPRO_PASSWORD', 'SERVICETITAN_CLIENT_SECRET', 'JOBBER_CLIENT_SECRET', 'JOBBER_API_KEY', 'JOBBER_REFRESH_TOKEN',
  'FIELD_SERVICE_CREDENTIALS_KEY', 'OBJECT_STORE_SECRET_ACCESS_KEY',
];

const sandboxSecrets = [
  serviceProSandboxCredentials.password,
  serviceTitanSandboxCredentials.clientSecret,
  serviceTitanSandboxCredentials.appKey,
  jobberSandboxCredentials.apiKey,
  jobberSandboxOAuth.clientSecret,
  jobberSandboxOAuth.refreshToken,
];

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

const textLike = /\.(html|js|mjs|css|json|map|txt|xml|svg|webmanifest)$/;

describe.each(appNames)('the %s build', (app) => {
  const dist = path.join(repoRoot, 'apps', app, 'dist');

  it('carries no secret', async () => {
    if (!existsSync(dist)) throw new Error(`${path.relative(repoRoot, dist)} is missing: run pnpm build first`);
    const files = (await filesUnder(dist)).filter((file) => textLike.test(file));
    expect(files.some((file) => file.endsWith('.js'))).toBe(true);
    const findings: string[] = [];
    for (const file of files) {
      const text = await readFile(file, 'utf8');
      const where = path.relative(repoRoot, file);
      for (const [what, shape] of shapes) {
        const match = shape.exec(text);
        if (match) findings.push(`${where}: ${what} (${match[0].slice(0, 12)}…)`);
      }
      for (const name of secretSettings) if (text.includes(name)) findings.push(`${where}: the setting ${name}`);
      for (const secret of sandboxSecrets) if (text.includes(secret)) findings.push(`${where}: a field-service sandbox credential`);
    }
    expect(findings).toEqual([]);
  });

  it('ships no source maps, which would publish the source and its comments', async () => {
    if (!existsSync(dist)) throw new Error(`${path.relative(repoRoot, dist)} is missing: run pnpm build first`);
    expect((await filesUnder(dist)).filter((file) => file.endsWith('.map')).map((file) => path.relative(repoRoot, file))).toEqual([]);
  });
});

describe('the scan', () => {
  it('recognises each shape it looks for', () => {
    const samples = [
      `sk_live_${'a1'.repeat(12)}`,
      `whsec_${'b2'.repeat(8)}`,
      '-----BEGIN PRIVATE KEY-----',
      `eyJ${'a'.repeat(12)}.eyJ${'b'.repeat(12)}.${'c'.repeat(12)}`,
      'postgres://accounts:hunter2@db:5432/accounts',
      'AKIAABCDEFGHIJKLMNOP',
    ];
    expect(samples.map((sample) => shapes.filter(([, shape]) => shape.test(sample)).length)).toEqual(samples.map(() => 1));
  });
});
