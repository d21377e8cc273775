import { lookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';
import { Agent, fetch as undiciFetch } from 'undici';

/**
 * Addresses typed in the back office (a field-service system's API and sign-in URLs) are called by this service from
 * inside the business's network. In production they may only reach the public internet: an administrator's
 * session, stolen or mistyped, must not turn Test connection or an import into a probe of the databases, the other
 * services or a cloud's metadata address. Addresses set in the environment are the operator's and are not limited.
 * FIELD_SERVICE_TYPED_URLS (env.ts) turns this on: by default in production, never with the sandbox.
 */

/** Loopback, private, shared, link-local, documentation, benchmarking, multicast and reserved ranges (IANA special-purpose registries). */
const notPublic = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  notPublic.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  notPublic.addSubnet(network, prefix, 'ipv6');
}

/** Whether an IP address is on the public internet; an IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as IPv4. */
export function isPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (mapped) return isPublicAddress(mapped);
  const family = isIP(address);
  if (family === 0) return false;
  return !notPublic.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The host of a URL as an address or name, without IPv6 brackets; undefined for what is not a URL. */
function hostOf(url: string): string | undefined {
  try {
    return new URL(url).hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  } catch {
    return undefined;
  }
}

/** The addresses a name resolves to (all families); none when it does not resolve (the connection check says so then). */
function resolveAll(host: string): Promise<LookupAddress[]> {
  return new Promise((resolve) => lookup(host, { all: true }, (err, addresses) => resolve(err ? [] : addresses)));
}

/**
 * Why this URL may not be called from here, in words for the field; undefined when it may: https only, and a host
 * that is, or resolves only to, public addresses.
 */
export async function publicUrlProblem(url: string, label: string): Promise<string | undefined> {
  const host = hostOf(url);
  if (host === undefined) return undefined;
  if (!url.toLowerCase().startsWith('https:')) return `${label} must be an https address: the connection carries your credentials`;
  const addresses = isIP(host) ? [host] : host === 'localhost' || host.endsWith('.localhost') ? ['127.0.0.1'] : (await resolveAll(host)).map((one) => one.address);
  const inside = addresses.find((address) => !isPublicAddress(address));
  if (inside) return `${label} points inside a private network (${host} is ${inside}): only addresses on the public internet can be called`;
  return undefined;
}

/** Thrown by the guarded lookup: the name resolved to an address that is not public when the connection was made. */
export class PrivateAddressError extends Error {
  constructor(host: string, address: string) {
    super(`${host} resolved to ${address}, which is not a public address; the connection was refused`);
    this.name = 'PrivateAddressError';
  }
}

/**
 * A fetch that connects only to public addresses: a name is checked as it resolves when connecting (one that answered a
 * public address when it was saved and a private one later is refused too), an address written in the URL before
 * anything is sent, and redirects are not followed (an API call has no reason to be sent elsewhere, and following one
 * would reach an address written in its Location unchecked).
 */
export function publicOnlyFetch(): typeof fetch {
  const agent = new Agent({
    connect: {
      lookup(hostname, options, callback) {
        lookup(hostname, { ...options, all: true }, (err, addresses: LookupAddress[]) => {
          if (err) return callback(err, '', 0);
          const refused = addresses.find((one) => !isPublicAddress(one.address));
          if (refused) return callback(new PrivateAddressError(hostname, refused.address), '', 0);
          // undici asks for one address or, with `all`, the list.
          if ((options as { all?: boolean }).all) return (callback as unknown as (error: null, list: LookupAddress[]) => void)(null, addresses);
          callback(null, addresses[0]!.address, addresses[0]!.family);
        });
      },
    },
  });
  const guarded = async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const host = hostOf(url) ?? '';
    if (isIP(host) && !isPublicAddress(host)) throw new TypeError('fetch failed', { cause: new PrivateAddressError(host, host) });
    return undiciFetch(url, { ...(init as object), redirect: 'error', dispatcher: agent });
  };
  return guarded as unknown as typeof fetch;
}
