import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import type { ServiceName } from '@repo/contracts';

/**
 * Ed25519 signing keys and the tokens signed with them (JWS, alg EdDSA). Accounts signs session tokens with its
 * private key (through @fastify/jwt, see `authPlugin`) and every service verifies them with the public key; booking
 * signs appointment links with a keypair of its own and the services that honour links hold only its public key. So a
 * service that verifies cannot mint, and no key is shared between two signers.
 */

export type KeyPair = { privateKey: string; publicKey: string };
/** Every keypair of a deployment: accounts' session keys and booking's appointment-link keys (PEM). */
export type SigningKeys = { session: KeyPair; link: KeyPair };

/** A PEM as it comes from the environment: `\n` escapes (one-line .env files) become line breaks. */
export function normalisePem(value: string): string {
  let pem = value.trim();
  if (pem.length > 1 && (pem.startsWith('"') || pem.startsWith("'")) && pem.endsWith(pem[0]!)) pem = pem.slice(1, -1).trim();
  return `${pem.replaceAll('\\n', '\n').replaceAll('\r\n', '\n').trim()}\n`;
}

const privateLabel = /^-----BEGIN PRIVATE KEY-----\n[\s\S]+\n-----END PRIVATE KEY-----\n$/;
const publicLabel = /^-----BEGIN PUBLIC KEY-----\n[\s\S]+\n-----END PUBLIC KEY-----\n$/;

/** What is wrong with a key `read` can parse: unreadable, or not an Ed25519 key. */
function ed25519Problem(pem: string, read: (pem: string) => KeyObject, unreadable: string): string | undefined {
  let key: KeyObject;
  try {
    key = read(pem);
  } catch {
    return unreadable;
  }
  return key.asymmetricKeyType === 'ed25519' ? undefined : `must be an Ed25519 key (this one is ${key.asymmetricKeyType})`;
}

/** What is wrong with a private key PEM (undefined when it is an Ed25519 private key). */
export function privateKeyProblem(pem: string): string | undefined {
  if (!privateLabel.test(pem)) return 'must be an Ed25519 private key in PEM (-----BEGIN PRIVATE KEY-----, from `openssl genpkey -algorithm ed25519`)';
  return ed25519Problem(pem, createPrivateKey, 'is not a readable private key in PEM (make one with `openssl genpkey -algorithm ed25519`)');
}

/** What is wrong with a public key PEM (undefined when it is an Ed25519 public key). A private key is refused. */
export function publicKeyProblem(pem: string): string | undefined {
  if (privateLabel.test(pem)) return 'is a private key: give only its public half (`openssl pkey -in private.pem -pubout`)';
  if (!publicLabel.test(pem)) return 'must be an Ed25519 public key in PEM (-----BEGIN PUBLIC KEY-----, from `openssl pkey -pubout`)';
  return ed25519Problem(pem, createPublicKey, 'is not a readable public key in PEM (make one with `openssl pkey -in private.pem -pubout`)');
}

/** The public half of a private key, in PEM. */
export const publicKeyOf = (privateKeyPem: string): string =>
  createPublicKey(createPrivateKey(privateKeyPem)).export({ type: 'spki', format: 'pem' }).toString();

/** Whether two keys (PEM) are the two halves of one keypair. */
export const isKeyPair = (privateKeyPem: string, publicKeyPem: string): boolean =>
  createPublicKey(publicKeyPem).export({ type: 'spki', format: 'der' }).equals(createPublicKey(createPrivateKey(privateKeyPem)).export({ type: 'spki', format: 'der' }));

export function generateKeyPair(): KeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** Fresh keys for a development or test stack (production keys come from the environment, see .env.example). */
export const generateSigningKeys = (): SigningKeys => ({ session: generateKeyPair(), link: generateKeyPair() });

/**
 * The key variables each service needs, and no more: accounts signs sessions, booking signs appointment links,
 * tracking and payments (an estimate's PDF by the manage link) verify links, and every service verifies sessions (notifications gets its links ready-signed in booking's
 * events, so it holds no link key). docker-compose.yml hands them out the same way.
 */
export function signingKeyEnv(service: ServiceName, keys: SigningKeys): Record<string, string> {
  const verifySessions = { JWT_PUBLIC_KEY: keys.session.publicKey };
  switch (service) {
    case 'accounts':
      return { ...verifySessions, JWT_PRIVATE_KEY: keys.session.privateKey };
    case 'booking':
      return { ...verifySessions, LINK_PRIVATE_KEY: keys.link.privateKey };
    case 'tracking':
    case 'payments':
      return { ...verifySessions, LINK_PUBLIC_KEY: keys.link.publicKey };
    case 'notifications':
      return verifySessions;
  }
}

export type TokenRejection = 'malformed' | 'algorithm' | 'signature' | 'expired' | 'not yet valid';

export class TokenRejectedError extends Error {
  readonly reason: TokenRejection;
  constructor(reason: TokenRejection) {
    super(`token refused: ${reason}`);
    this.name = 'TokenRejectedError';
    this.reason = reason;
  }
}

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const signedHeader = encode({ alg: 'EdDSA', typ: 'JWT' });

function decodeObject(part: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    throw new TokenRejectedError('malformed');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new TokenRejectedError('malformed');
  return value as Record<string, unknown>;
}

/** Signs claims as a compact JWS with alg EdDSA; the caller puts `iat` and `exp` in the claims. */
export function tokenSigner(privateKeyPem: string): (claims: object) => string {
  const key = createPrivateKey(privateKeyPem);
  return (claims) => {
    const signingInput = `${signedHeader}.${encode(claims)}`;
    return `${signingInput}.${sign(null, Buffer.from(signingInput), key).toString('base64url')}`;
  };
}

export type VerifyOptions = { ignoreExpiration?: boolean; now?: Date };

/**
 * Verifies a compact JWS against an Ed25519 public key and returns its claims. Only alg EdDSA is accepted, whatever the
 * header says (no `none`, no HMAC with the public key as its secret); an `exp` that has passed or an `nbf` still to
 * come is refused unless `ignoreExpiration`. Throws `TokenRejectedError`.
 */
export function tokenVerifier(publicKeyPem: string): (token: string, options?: VerifyOptions) => Record<string, unknown> {
  const key = createPublicKey(publicKeyPem);
  return (token, { ignoreExpiration = false, now = new Date() } = {}) => {
    const parts = token.split('.');
    if (parts.length !== 3 || parts.some((part) => !/^[A-Za-z0-9_-]*$/.test(part))) throw new TokenRejectedError('malformed');
    const [header, payload, signature] = parts as [string, string, string];
    const { alg, crit } = decodeObject(header);
    if (alg !== 'EdDSA' || crit !== undefined) throw new TokenRejectedError('algorithm');
    const bytes = Buffer.from(signature, 'base64url');
    if (bytes.length !== 64 || !verify(null, Buffer.from(`${header}.${payload}`), key, bytes)) throw new TokenRejectedError('signature');
    const claims = decodeObject(payload);
    const { exp, nbf } = claims;
    if ((exp !== undefined && typeof exp !== 'number') || (nbf !== undefined && typeof nbf !== 'number')) throw new TokenRejectedError('malformed');
    const seconds = now.getTime() / 1000;
    if (!ignoreExpiration && typeof exp === 'number' && seconds >= exp) throw new TokenRejectedError('expired');
    if (!ignoreExpiration && typeof nbf === 'number' && seconds < nbf) throw new TokenRejectedError('not yet valid');
    return claims;
  };
}
