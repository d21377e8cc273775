import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { localTopology, repoRoot } from '../src/topology.ts';

describe('localTopology', () => {
  it('defaults to the ports and folders the lead fixed', () => {
    expect(localTopology({})).toEqual({
      host: '127.0.0.1',
      ports: { web: 8080, portal: 8081, backoffice: 8082 },
      roots: {
        web: path.join(repoRoot, 'apps/web/dist'),
        portal: path.join(repoRoot, 'apps/portal/dist'),
        backoffice: path.join(repoRoot, 'apps/backoffice/dist'),
      },
      upstreams: {
        booking: 'http://127.0.0.1:3001',
        accounts: 'http://127.0.0.1:3002',
        tracking: 'http://127.0.0.1:3003',
        payments: 'http://127.0.0.1:3004',
        notifications: 'http://127.0.0.1:3005',
      },
      origins: { portal: 'http://localhost:8081', backoffice: 'http://127.0.0.1:8082' },
    });
  });

  it('reads overrides from the environment', () => {
    const topology = localTopology({
      PORTAL_PORT: '9081',
      TRACKING_URL: 'http://10.0.0.5:4000',
      WEB_DIST: '/srv/web',
      BACKOFFICE_ORIGIN: 'https://backoffice.example.com',
      GATEWAY_HOST: '0.0.0.0',
    });
    expect(topology.ports.portal).toBe(9081);
    expect(topology.origins.portal).toBe('http://localhost:9081');
    expect(topology.upstreams.tracking).toBe('http://10.0.0.5:4000');
    expect(topology.roots.web).toBe('/srv/web');
    expect(topology.origins.backoffice).toBe('https://backoffice.example.com');
    expect(topology.host).toBe('0.0.0.0');
  });

  it('names a bad port', () => {
    expect(() => localTopology({ WEB_PORT: 'eighty' })).toThrow('WEB_PORT must be a port number (got eighty)');
  });
});
