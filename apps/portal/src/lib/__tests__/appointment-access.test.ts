import { afterEach, describe, expect, it } from 'vitest';
import { accessTokenInFragment, forgetAccessToken, keepAccessToken, readAccessToken } from '../appointment-access.ts';

afterEach(() => {
  window.sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

describe('appointment access tokens', () => {
  it('reads the token from #access=, percent-decoded, among other fragment parameters', () => {
    expect(accessTokenInFragment('#access=abc.def')).toBe('abc.def');
    expect(accessTokenInFragment('#access=a%2Bb%2Fc')).toBe('a+b/c');
    expect(accessTokenInFragment('#x=1&access=tok')).toBe('tok');
    expect(accessTokenInFragment('#access=')).toBeUndefined();
    expect(accessTokenInFragment('#noaccess=tok')).toBeUndefined();
    expect(accessTokenInFragment('#access=%E0%A4%A')).toBeUndefined();
    expect(accessTokenInFragment('')).toBeUndefined();
  });

  it('keeps the token for its appointment only and takes the fragment out of the address', () => {
    window.history.replaceState({ idx: 3 }, '', '/appointments/12?from=mail#access=secret-token');
    expect(readAccessToken(12)).toBe('secret-token');
    keepAccessToken(12, 'secret-token');
    expect(window.location.href).toBe('http://localhost:3000/appointments/12?from=mail');
    expect(window.history.state).toEqual({ idx: 3 });
    expect(readAccessToken(12)).toBe('secret-token');
    expect(readAccessToken(13)).toBeUndefined();
    forgetAccessToken(12);
    expect(readAccessToken(12)).toBeUndefined();
  });
});
