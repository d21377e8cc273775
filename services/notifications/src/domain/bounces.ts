import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Bounce addresses (VERP): the envelope sender of each email is the configured bounce address with the message's id
 * and a signature in its local part, `bounces+<id>.<signature>@example.com`. A delivery-status notification goes back
 * to that address, so the id says which message bounced even when the report quotes nothing of it; the signature (an
 * HMAC of the id with the service's key, 16 hex digits) keeps anyone from failing another's email with a made-up bounce.
 */
export type BounceAddresses = {
  /** The envelope sender of the message with this id. */
  addressFor(messageId: number): string;
  /** The id of the message a bounce address stands for; undefined for any other address or a wrong signature. */
  messageIdOf(address: string): number | undefined;
};

export function bounceAddresses(bounceAddress: string, key: string): BounceAddresses {
  const at = bounceAddress.lastIndexOf('@');
  const local = bounceAddress.slice(0, at);
  const domain = bounceAddress.slice(at + 1).toLowerCase();
  const signature = (id: number) => createHmac('sha256', key).update(`bounce:${id}`).digest('hex').slice(0, 16);
  const tagged = new RegExp(`^${local.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\+(\\d{1,12})\\.([0-9a-f]{16})@(.+)$`, 'i');
  return {
    addressFor: (messageId) => `${local}+${messageId}.${signature(messageId)}@${domain}`,
    messageIdOf(address) {
      const match = tagged.exec(address.trim());
      if (!match || match[3]!.toLowerCase() !== domain) return undefined;
      const id = Number(match[1]);
      const given = Buffer.from(match[2]!.toLowerCase());
      const expected = Buffer.from(signature(id));
      return Number.isSafeInteger(id) && id > 0 && timingSafeEqual(given, expected) ? id : undefined;
    },
  };
}

/** What a delivery-status notification says of the failed recipient: its status code and the remote server's words. */
export type Bounce = { status: string; diagnostic: string | null };

/** Header or field lines as name → value (names lower-cased, folded lines joined); the first of a repeated name. */
function fieldsOf(block: string): Map<string, string> {
  const fields = new Map<string, string>();
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    const name = line.slice(0, colon).trim().toLowerCase();
    if (colon > 0 && !fields.has(name)) fields.set(name, line.slice(colon + 1).trim());
  }
  return fields;
}

/** A MIME entity's header and body, split at the first empty line. */
function entityOf(text: string): { headers: Map<string, string>; body: string } {
  const split = /\r?\n\r?\n/.exec(text);
  return split ? { headers: fieldsOf(text.slice(0, split.index)), body: text.slice(split.index + split[0].length) } : { headers: fieldsOf(text), body: '' };
}

/** The media type and the boundary of a Content-Type value. */
function contentTypeOf(value: string | undefined): { type: string; boundary: string | undefined } {
  const type = (value ?? 'text/plain').split(';')[0]!.trim().toLowerCase();
  const boundary = /;\s*boundary\s*=\s*(?:"([^"]+)"|([^;\s]+))/i.exec(value ?? '');
  return { type, boundary: boundary?.[1] ?? boundary?.[2] };
}

/**
 * The failure a delivery-status notification reports (RFC 3464: a `multipart/report; report-type=delivery-status`
 * whose `message/delivery-status` part has a block per recipient), read from the mail's source, or undefined when it
 * reports none: a delay (`Action: delayed`), a success (`delivered`, `relayed`, `expanded`), or a mail that is no such
 * report at all (an out-of-office reply, say). Only a recipient's `Action: failed` counts. (Mail parsers take the
 * report part for text and fold it into the body, so the report's own parts are read here.)
 */
export function bounceOf(source: string): Bounce | undefined {
  const mail = entityOf(source);
  const { type, boundary } = contentTypeOf(mail.headers.get('content-type'));
  if (type !== 'multipart/report' || !boundary) return undefined;
  const parts = mail.body.split(new RegExp(`^--${boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:--)?[ \t]*\r?$`, 'm')).slice(1).map(entityOf);
  const report = parts.find((part) => contentTypeOf(part.headers.get('content-type')).type === 'message/delivery-status');
  if (!report) return undefined;
  const failed = report.body.split(/\r?\n\s*\r?\n/).map(fieldsOf).find((fields) => fields.get('action')?.toLowerCase() === 'failed');
  if (!failed) return undefined;
  const diagnostic = failed.get('diagnostic-code')?.replace(/^smtp;\s*/i, '') ?? null;
  return { status: failed.get('status') ?? '5.0.0', diagnostic: diagnostic?.slice(0, 300) ?? null };
}

/** The delivery log's words for a bounce. */
export const bounceError = ({ status, diagnostic }: Bounce) => `Bounced after the relay took it (${status})${diagnostic ? `: ${diagnostic}` : ''}`;
