/**
 * Bearer tokens kept in localStorage: only the back office's, which has no cookie session. Customers' session is the
 * httpOnly cookie alone. Storage can throw (disabled storage, private modes), so every access is guarded and a failure
 * reads as "no token".
 */
export function readStoredToken(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function storeToken(key: string, token: string): void {
  try {
    window.localStorage.setItem(key, token);
  } catch {
    // Without storage the token is simply not kept; the caller signs in again next time.
  }
}

export function clearStoredToken(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing stored, nothing to clear.
  }
}

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

/** The `exp` claim (seconds since the epoch) of a JWT, or undefined when the token is not a readable JWT. */
export function tokenExpirySeconds(token: string): number | undefined {
  const payload = token.split('.')[1];
  if (!payload) return undefined;
  try {
    const claims: unknown = JSON.parse(decodeBase64Url(payload));
    if (typeof claims !== 'object' || claims === null || !('exp' in claims)) return undefined;
    return typeof claims.exp === 'number' && Number.isFinite(claims.exp) ? claims.exp : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Whether a token is stored under `key` and its expiry lies in the future. Only a hint for the screen: the server
 * verifies the signature on every call.
 */
export function hasUnexpiredToken(key: string, nowMs: number = Date.now()): boolean {
  const token = readStoredToken(key);
  if (!token) return false;
  const expiry = tokenExpirySeconds(token);
  return expiry !== undefined && expiry > nowMs / 1000;
}
