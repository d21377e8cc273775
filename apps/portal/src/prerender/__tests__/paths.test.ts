import { describe, expect, it } from 'vitest';
import { htmlFileFor, shellFile } from '../entry-server.tsx';

describe('prerendered paths', () => {
  it('writes a page as <route>/index.html, which the gateways serve at the route, and the shell as index.html', () => {
    expect(htmlFileFor('/login')).toBe('login/index.html');
    expect(htmlFileFor('/')).toBe(shellFile);
    expect(shellFile).toBe('index.html');
  });
});
