import { describe, expect, it } from 'vitest';
import { loadEnv } from '@repo/service-kit';
import { envProblems, testKeyEnv } from '@repo/service-kit/test-service';
import { trackingEnvSchema } from '../src/env.ts';

const load = (env: Record<string, string>) => loadEnv('tracking', trackingEnvSchema, { ...testKeyEnv, ...env });
const problems = (env: Record<string, string>) => envProblems('tracking', trackingEnvSchema, env);

describe('tracking environment: geocoder and routing engine', () => {
  it('needs neither: addresses are placed offline and the ETA is the straight line', () => {
    const env = load({});
    expect(env.GEOCODER_URL).toBeUndefined();
    expect(env.ROUTING_URL).toBeUndefined();
    expect(env).toMatchObject({ GEOCODER_TIMEOUT_MS: 2_000, GEOCODER_MIN_INTERVAL_MS: 1_000, ROUTING_TIMEOUT_MS: 1_500 });
    expect(env.GEOCODER_USER_AGENT).toMatch(/\S/);
  });

  it('takes a Nominatim and an OSRM server with their settings', () => {
    expect(load({
      GEOCODER_URL: 'https://nominatim.openstreetmap.org',
      GEOCODER_USER_AGENT: 'repair-shop/2.0',
      GEOCODER_EMAIL: 'office@example.com',
      GEOCODER_TIMEOUT_MS: '3000',
      ROUTING_URL: 'http://osrm:5000',
    })).toMatchObject({ GEOCODER_URL: 'https://nominatim.openstreetmap.org', GEOCODER_USER_AGENT: 'repair-shop/2.0', GEOCODER_EMAIL: 'office@example.com', GEOCODER_TIMEOUT_MS: 3000, ROUTING_URL: 'http://osrm:5000' });
  });

  it('names every malformed variable', () => {
    const found = problems({ GEOCODER_URL: 'ftp://nominatim', GEOCODER_EMAIL: 'office', GEOCODER_TIMEOUT_MS: '60000', ROUTING_URL: 'osrm:5000' });
    expect(found).toHaveLength(4);
    expect(found).toEqual([
      expect.stringContaining('GEOCODER_URL must be an http(s) address'),
      expect.stringContaining('GEOCODER_EMAIL must be an email address'),
      expect.stringMatching(/^GEOCODER_TIMEOUT_MS/),
      expect.stringContaining('ROUTING_URL must be an http(s) address'),
    ]);
  });
});
