import { describe, expect, it } from 'vitest';
import { htmlFileFor, isPrerenderedFor, normalizePath, shellFile } from '../paths.ts';

describe('prerendered paths', () => {
  it('writes a page as <route>/index.html, which the gateways serve at the route, and the shell as index.html', () => {
    expect(htmlFileFor('/login')).toBe('login/index.html');
    expect(htmlFileFor('/customer-portal/')).toBe('customer-portal/index.html');
    expect(htmlFileFor('/')).toBe(shellFile);
    expect(shellFile).toBe('index.html');
  });

  it('hydrates only the page the HTML was prerendered for', () => {
    expect(normalizePath('/login/')).toBe('/login');
    expect(isPrerenderedFor('/login', '/login/')).toBe(true);
    expect(isPrerenderedFor('/login', '/register')).toBe(false);
    expect(isPrerenderedFor(undefined, '/appointments/12')).toBe(false);
  });
});
