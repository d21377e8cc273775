import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { business, businessContact } from '@repo/contracts';
import { loadEnv } from '@repo/service-kit';
import { envProblems, testKeyEnv } from '@repo/service-kit/test-service';
import { notificationsEnvSchema } from '../src/env.ts';

const load = (env: Record<string, string>) => loadEnv('notifications', notificationsEnvSchema, { ...testKeyEnv, ...env });
const problems = (env: Record<string, string>) => envProblems('notifications', notificationsEnvSchema, env);

describe('notifications environment', () => {
  it('sends to the local mail catcher from the business’s address by default, linking to the local portal', () => {
    expect(load({})).toMatchObject({
      PORT: 3005,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: 1025,
      SMTP_SECURE: 'false',
      SMTP_FROM: `${business.name} <${businessContact.email}>`,
      PORTAL_ORIGIN: 'http://localhost:8081',
      WEB_ORIGIN: 'http://localhost:8080',
      NOTIFICATIONS_SEND_RETRY_LIMIT: 30,
      NOTIFICATIONS_REMINDER_DAY_BEFORE_HOUR: 18,
      NOTIFICATIONS_REMINDER_HOURS_BEFORE: 2,
    });
  });

  it('takes the reminders’ hour of the day before and hours before, within a day and half a day', () => {
    expect(load({ NOTIFICATIONS_REMINDER_DAY_BEFORE_HOUR: '0', NOTIFICATIONS_REMINDER_HOURS_BEFORE: '12' })).toMatchObject({ NOTIFICATIONS_REMINDER_DAY_BEFORE_HOUR: 0, NOTIFICATIONS_REMINDER_HOURS_BEFORE: 12 });
    expect(problems({ NOTIFICATIONS_REMINDER_DAY_BEFORE_HOUR: '24', NOTIFICATIONS_REMINDER_HOURS_BEFORE: '0' })).toEqual([
      expect.stringMatching(/^NOTIFICATIONS_REMINDER_DAY_BEFORE_HOUR /),
      expect.stringMatching(/^NOTIFICATIONS_REMINDER_HOURS_BEFORE /),
    ]);
  });

  it('names every malformed SMTP variable, and a login without its password', () => {
    expect(problems({ SMTP_PORT: 'twenty-five', SMTP_SECURE: 'yes', SMTP_USER: 'mailer', PORTAL_ORIGIN: 'ftp://portal' })).toEqual([
      expect.stringMatching(/^SMTP_PORT /),
      expect.stringMatching(/^SMTP_SECURE /),
      expect.stringMatching(/^PORTAL_ORIGIN must be an http\(s\):\/\/ origin/),
    ]);
    expect(problems({ SMTP_USER: 'mailer' })).toEqual(['SMTP_PASSWORD is required with the other of SMTP_USER and SMTP_PASSWORD']);
    expect(problems({ SMTP_USER: 'mailer', SMTP_PASSWORD: 'secret' })).toEqual([]);
  });

  it('signs with DKIM only given the domain, the selector and a readable RSA private key, all three', () => {
    const pemOf = (key: KeyObject) => key.export({ type: 'pkcs8', format: 'pem' }).toString();
    const pem = pemOf(generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey);
    const dkim = { SMTP_DKIM_DOMAIN: 'staugustineappliancerepair.com', SMTP_DKIM_SELECTOR: 'mail2026', SMTP_DKIM_PRIVATE_KEY: pem };
    expect([load({}).SMTP_DKIM_DOMAIN, load({}).SMTP_DKIM_SELECTOR, load({}).SMTP_DKIM_PRIVATE_KEY]).toEqual([undefined, undefined, undefined]);
    expect(load(dkim)).toMatchObject(dkim);
    // As a one-line .env file carries it (line breaks written \n, quoted): the same key.
    expect(load({ ...dkim, SMTP_DKIM_PRIVATE_KEY: `"${pem.trim().replaceAll('\n', '\\n')}"` }).SMTP_DKIM_PRIVATE_KEY).toBe(pem);
    const together = 'is required to sign emails with DKIM, with the other DKIM settings (SMTP_DKIM_DOMAIN, SMTP_DKIM_SELECTOR and SMTP_DKIM_PRIVATE_KEY)';
    expect(problems({ SMTP_DKIM_DOMAIN: dkim.SMTP_DKIM_DOMAIN })).toEqual([`SMTP_DKIM_SELECTOR ${together}`, `SMTP_DKIM_PRIVATE_KEY ${together}`]);
    expect(problems({ SMTP_DKIM_PRIVATE_KEY: pem })).toEqual([`SMTP_DKIM_DOMAIN ${together}`, `SMTP_DKIM_SELECTOR ${together}`]);
    expect(problems({ ...dkim, SMTP_DKIM_DOMAIN: 'st augustine', SMTP_DKIM_SELECTOR: '_mail' })).toEqual([
      expect.stringMatching(/^SMTP_DKIM_DOMAIN must be a domain name/),
      expect.stringMatching(/^SMTP_DKIM_SELECTOR must be a DNS label/),
    ]);
    // Not a key, a public key, a key of another kind, a key too short to be trusted: refused at start, saying why.
    const publicPem = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    for (const [key, problem] of [
      ['not a key', /^SMTP_DKIM_PRIVATE_KEY is not a readable private key in PEM/],
      [publicPem, /^SMTP_DKIM_PRIVATE_KEY is not a readable private key in PEM/],
      [pemOf(generateKeyPairSync('ed25519').privateKey), /^SMTP_DKIM_PRIVATE_KEY must be an RSA key: DKIM is signed with rsa-sha256 \(this one is ed25519;/],
      [pemOf(generateKeyPairSync('rsa', { modulusLength: 512 }).privateKey), /^SMTP_DKIM_PRIVATE_KEY must be at least 1024 bits, 2048 recommended/],
    ] as const) {
      expect(problems({ ...dkim, SMTP_DKIM_PRIVATE_KEY: key })).toEqual([expect.stringMatching(problem)]);
    }
  });

  it('needs the relay named in production, not in development', () => {
    expect(problems({ NODE_ENV: 'production', TRUST_PROXY: '10.0.0.2' })).toEqual(['SMTP_HOST is required in production: the SMTP relay every email goes through']);
    expect(problems({ NODE_ENV: 'production', TRUST_PROXY: '10.0.0.2', SMTP_HOST: 'smtp.example.com' })).toEqual([]);
  });

  it('alerts the office only when given its address, which must be one', () => {
    expect(load({}).NOTIFICATIONS_OFFICE_EMAIL).toBeUndefined();
    expect(load({ NOTIFICATIONS_OFFICE_EMAIL: '' }).NOTIFICATIONS_OFFICE_EMAIL).toBeUndefined();
    expect(load({ NOTIFICATIONS_OFFICE_EMAIL: 'office@example.com' }).NOTIFICATIONS_OFFICE_EMAIL).toBe('office@example.com');
    expect(problems({ NOTIFICATIONS_OFFICE_EMAIL: 'the office', WEB_ORIGIN: 'ftp://www' })).toEqual([
      expect.stringMatching(/^WEB_ORIGIN must be an http\(s\):\/\/ origin/),
      expect.stringMatching(/^NOTIFICATIONS_OFFICE_EMAIL must be an email address/),
    ]);
  });

  it('keeps the portal’s origin only, whatever path it was given with', () => {
    expect(load({ PORTAL_ORIGIN: 'https://portal.example.com/login' }).PORTAL_ORIGIN).toBe('https://portal.example.com');
  });

  it('texts only with every Twilio setting, each of its form; quiet hours 21:00–08:00 and A2P 10DLC unregistered by default', () => {
    expect(load({})).toMatchObject({ TWILIO_API_URL: 'https://api.twilio.com', TWILIO_WEBHOOK_ORIGIN: 'http://localhost:8080', TWILIO_A2P_10DLC_REGISTERED: 'false', NOTIFICATIONS_SMS_QUIET_START_HOUR: 21, NOTIFICATIONS_SMS_QUIET_END_HOUR: 8 });
    expect(load({}).TWILIO_ACCOUNT_SID).toBeUndefined();
    const twilio = { TWILIO_ACCOUNT_SID: `AC${'a'.repeat(32)}`, TWILIO_AUTH_TOKEN: 'b'.repeat(32), TWILIO_FROM: '+19045550000' };
    expect(problems(twilio)).toEqual([]);
    expect(problems({ ...twilio, TWILIO_FROM: '', TWILIO_MESSAGING_SERVICE_SID: `MG${'c'.repeat(32)}` })).toEqual([]);
    expect(problems({ TWILIO_ACCOUNT_SID: twilio.TWILIO_ACCOUNT_SID })).toEqual([expect.stringMatching(/^TWILIO_AUTH_TOKEN is required for texts/)]);
    expect(problems({ TWILIO_ACCOUNT_SID: twilio.TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN: twilio.TWILIO_AUTH_TOKEN })).toEqual([expect.stringMatching(/^TWILIO_FROM is required for texts/)]);
    expect(problems({ TWILIO_ACCOUNT_SID: 'AC123', TWILIO_FROM: '904-555-0000', TWILIO_API_URL: 'ftp://twilio', NOTIFICATIONS_SMS_QUIET_START_HOUR: '24' })).toEqual([
      expect.stringMatching(/^TWILIO_ACCOUNT_SID must be AC followed by 32 hexadecimal digits/),
      expect.stringMatching(/^TWILIO_FROM must be a phone number in E.164 form/),
      expect.stringMatching(/^TWILIO_API_URL must be an http\(s\):\/\/ origin/),
      expect.stringMatching(/^NOTIFICATIONS_SMS_QUIET_START_HOUR /),
      expect.stringMatching(/^TWILIO_AUTH_TOKEN is required for texts/),
    ]);
  });
});
