/**
 * One access token per connector: fetched on first use, shared by concurrent calls (one sign-in, not one each), and
 * renewed shortly before it expires (a minute early, or a tenth of its life for short-lived tokens) or after a 401.
 */
export type IssuedToken = { token: string; expiresInSeconds: number };

export type TokenCache = {
  get(): Promise<string>;
  /**
   * Drops the token in use (after a 401) and fetches a new one. Given the token that was refused, a renewal that
   * already replaced it is shared instead (concurrent calls refused with one token sign in once).
   */
  renew(refused?: string): Promise<string>;
};

export function createTokenCache(issue: () => Promise<IssuedToken>, now: () => number = Date.now): TokenCache {
  let current: { token: string; renewAt: number } | undefined;
  let pending: Promise<string> | undefined;

  const fetchToken = () => {
    pending ??= issue()
      .then(({ token, expiresInSeconds }) => {
        const margin = Math.min(60, expiresInSeconds / 10);
        current = { token, renewAt: now() + (expiresInSeconds - margin) * 1000 };
        return token;
      })
      .finally(() => {
        pending = undefined;
      });
    return pending;
  };

  return {
    get: () => (current && now() < current.renewAt ? Promise.resolve(current.token) : fetchToken()),
    renew: (refused) => {
      if (pending) return pending;
      if (refused !== undefined && current && current.token !== refused) return Promise.resolve(current.token);
      current = undefined;
      return fetchToken();
    },
  };
}
