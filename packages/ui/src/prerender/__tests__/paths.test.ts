import { describe, expect, it } from 'vitest';
import { htmlFileFor, isPrerenderedFor, normalizePath } from '../paths.ts';

describe('prerendered paths', () => {
  it('writes / as index.html and other routes as <route>/index.html, which the gateways serve at the route', () => {
    expect(htmlFileFor('/')).toBe('index.html');
    expect(htmlFileFor('/careers')).toBe('careers/index.html');
    expect(htmlFileFor('/customer-portal/')).toBe('customer-portal/index.html');
  });

  it('hydrates only the page the HTML was prerendered for', () => {
    expect(normalizePath('/login/')).toBe('/login');
    expect(normalizePath('/')).toBe('/');
    expect(isPrerenderedFor('/login', '/login/')).toBe(true);
    expect(isPrerenderedFor('/login', '/register')).toBe(false);
    expect(isPrerenderedFor('/', '/no-such-page')).toBe(false);
    expect(isPrerenderedFor(undefined, '/appointments/12')).toBe(false);
  });
});
