import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Checks an S3 request's AWS Signature Version 4, as S3 does, for the local store (s3rver checks only that the access key
 * id is one it knows, and nothing of a V4 signature): the Authorization header of the SDK's own calls, and the query
 * of a presigned address (`X-Amz-Signature`, with its date and expiry). Every header named in SignedHeaders must arrive
 * with the value signed, so a presigned upload of another type or length (the browser sets Content-Length from the
 * body) is refused. The body itself is not hashed: neither `x-amz-content-sha256` nor an `x-amz-checksum-*` value is
 * compared with what arrives, which S3 does.
 */

export type SignatureRequest = {
  method: string;
  /** The request target as sent: path and query, still percent-encoded. */
  url: string;
  headers: Record<string, string | string[] | undefined>;
};

export type SignatureVerdict =
  | { ok: true; accessKeyId: string }
  | { ok: false; status: 400 | 403; code: string; message: string };

const algorithm = 'AWS4-HMAC-SHA256';
/** How far a signed request's date may be from the store's clock (S3's 15 minutes). */
const maxSkewMs = 15 * 60 * 1000;
/** The longest a presigned address may work (S3's week). */
const maxExpiresSeconds = 7 * 24 * 3600;

const refuse = (code: string, message: string, status: 400 | 403 = 403): SignatureVerdict => ({ ok: false, status, code, message });

/** RFC 3986 percent-encoding, as V4 wants it: everything but letters, digits and `-._~` (and `/` in a path). */
function uriEncode(value: string, keepSlash = false): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-._~]/.test(char) || (keepSlash && char === '/')) out += char;
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function decode(value: string): string | undefined {
  try {
    return decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/** `20261129T080510Z` as a time, or NaN. */
function parseAmzDate(value: string | undefined): number {
  const match = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value ?? '');
  if (!match) return Number.NaN;
  const [, year, month, day, hour, minute, second] = match.map(Number);
  return Date.UTC(year!, month! - 1, day!, hour!, minute!, second!);
}

const headerValue = (headers: SignatureRequest['headers'], name: string): string | undefined => {
  const value = headers[name];
  return Array.isArray(value) ? value.join(',') : value;
};

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();

/**
 * Whether `request` is signed by `secretOf(accessKeyId)`'s owner: `undefined` from `secretOf` is an unknown key. A
 * request with no signature at all is refused too (the local store serves no anonymous reads or writes).
 */
export function verifySignatureV4(request: SignatureRequest, secretOf: (accessKeyId: string) => string | undefined, now = Date.now()): SignatureVerdict {
  const queryStart = request.url.indexOf('?');
  const rawPath = queryStart === -1 ? request.url : request.url.slice(0, queryStart);
  const rawQuery = queryStart === -1 ? '' : request.url.slice(queryStart + 1);
  const params: [string, string][] = [];
  for (const part of rawQuery.split('&')) {
    if (part === '') continue;
    const equals = part.indexOf('=');
    const name = decode((equals === -1 ? part : part.slice(0, equals)).replace(/\+/g, '%20'));
    const value = decode((equals === -1 ? '' : part.slice(equals + 1)).replace(/\+/g, '%20'));
    if (name === undefined || value === undefined) return refuse('InvalidArgument', 'The query string is not percent-encoded correctly.', 400);
    params.push([name, value]);
  }
  const param = (name: string) => params.find(([key]) => key === name)?.[1];
  const authorization = headerValue(request.headers, 'authorization');
  const presigned = param('X-Amz-Algorithm') !== undefined;
  if (presigned && authorization) return refuse('InvalidArgument', 'Only one auth mechanism allowed.', 400);

  let credential: string | undefined;
  let signedHeaders: string | undefined;
  let signature: string | undefined;
  let amzDate: string | undefined;
  let payloadHash: string;
  if (presigned) {
    if (param('X-Amz-Algorithm') !== algorithm) return refuse('AuthorizationQueryParametersError', `X-Amz-Algorithm only supports "${algorithm}".`, 400);
    credential = param('X-Amz-Credential');
    signedHeaders = param('X-Amz-SignedHeaders');
    signature = param('X-Amz-Signature');
    amzDate = param('X-Amz-Date');
    const expires = Number(param('X-Amz-Expires'));
    if (!credential || !signedHeaders || !signature || !amzDate || !Number.isInteger(expires)) {
      return refuse('AuthorizationQueryParametersError', 'A presigned address needs X-Amz-Credential, X-Amz-SignedHeaders, X-Amz-Signature, X-Amz-Date and X-Amz-Expires.', 400);
    }
    if (expires < 1 || expires > maxExpiresSeconds) return refuse('AuthorizationQueryParametersError', `X-Amz-Expires must be between 1 and ${maxExpiresSeconds} seconds.`, 400);
    const signedAt = parseAmzDate(amzDate);
    if (Number.isNaN(signedAt)) return refuse('AuthorizationQueryParametersError', 'X-Amz-Date must be in the form yyyyMMddTHHmmssZ.', 400);
    if (signedAt - now > maxSkewMs) return refuse('AccessDenied', 'Request is not valid yet.');
    if (now > signedAt + expires * 1000) return refuse('AccessDenied', 'Request has expired.');
    // The payload of a presigned request is not signed (the query may say so explicitly).
    payloadHash = headerValue(request.headers, 'x-amz-content-sha256') ?? 'UNSIGNED-PAYLOAD';
  } else if (authorization) {
    const match = /^AWS4-HMAC-SHA256\s+Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]+)$/.exec(authorization.trim());
    if (!match) return refuse('AuthorizationHeaderMalformed', `The authorization header must be ${algorithm} with Credential, SignedHeaders and Signature.`, 400);
    [, credential, signedHeaders, signature] = match;
    amzDate = headerValue(request.headers, 'x-amz-date');
    const signedAt = parseAmzDate(amzDate);
    if (Number.isNaN(signedAt)) return refuse('AccessDenied', 'AWS authentication requires a valid x-amz-date header.');
    if (Math.abs(now - signedAt) > maxSkewMs) return refuse('RequestTimeTooSkewed', 'The difference between the request time and the current time is too large.');
    const declared = headerValue(request.headers, 'x-amz-content-sha256');
    if (!declared) return refuse('InvalidRequest', 'Missing required header for this request: x-amz-content-sha256.', 400);
    payloadHash = declared;
  } else {
    return refuse('AccessDenied', 'Access Denied: the request is not signed.');
  }

  const [accessKeyId, date, region, service, terminator, ...rest] = credential!.split('/');
  if (!accessKeyId || !date || !region || !service || terminator !== 'aws4_request' || rest.length > 0 || !amzDate!.startsWith(date)) {
    return refuse('AuthorizationHeaderMalformed', 'The credential must be <key>/<yyyyMMdd>/<region>/<service>/aws4_request, of the request date.', 400);
  }
  const secret = secretOf(accessKeyId);
  if (secret === undefined) return refuse('InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');

  const headerNames = signedHeaders!.split(';');
  if (!headerNames.includes('host')) return refuse('AccessDenied', 'The host header must be signed.');
  const canonicalHeaders = headerNames
    .map((name) => `${name}:${(headerValue(request.headers, name) ?? '').trim().replace(/\s+/g, ' ')}\n`)
    .join('');
  const segments = rawPath.split('/').map(decode);
  if (segments.some((segment) => segment === undefined)) return refuse('InvalidURI', 'The path is not percent-encoded correctly.', 400);
  const canonicalUri = uriEncode(segments.join('/'), true);
  const canonicalQuery = params
    .filter(([name]) => !(presigned && name === 'X-Amz-Signature'))
    .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const canonicalRequest = [request.method.toUpperCase(), canonicalUri, canonicalQuery, canonicalHeaders, signedHeaders, payloadHash].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const stringToSign = [algorithm, amzDate, scope, createHash('sha256').update(canonicalRequest, 'utf8').digest('hex')].join('\n');
  const signingKey = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
  const expected = createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest();
  const given = Buffer.from(signature!, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return refuse('SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided. Check your key and signing method.');
  }
  return { ok: true, accessKeyId };
}
