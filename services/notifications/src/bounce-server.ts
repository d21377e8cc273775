import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { BounceAddresses } from './domain/bounces.ts';
import type { NotificationsContext } from './use-cases/context.ts';
import { hearBounce } from './use-cases/hear-bounce.ts';

/** A bounce is a short report; anything longer is not one (1 MB, the gateways' own body limit). */
const maxBounceBytes = 1024 * 1024;

type Log = { info: (details: object, message: string) => void; warn: (details: object, message: string) => void };

/**
 * The SMTP server the bounces come back to (NOTIFICATIONS_BOUNCE_SMTP_PORT): it takes mail only for a signed bounce
 * address of one of our messages (any other recipient, or a wrong signature, is refused with 550 before the data is
 * sent) and at most one such recipient per mail, reads it (up to 1 MB) and hands it to `hearBounce`. No login, no TLS:
 * it answers only what our own bounce addresses receive, which is mail about mail we sent.
 */
export function bounceServer(ctx: NotificationsContext, addresses: BounceAddresses, log: Log) {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: maxBounceBytes,
    logger: false,
    onRcptTo(address, session, callback) {
      const messageId = addresses.messageIdOf(address.address);
      if (messageId === undefined) return callback(Object.assign(new Error('5.1.1 No such mailbox'), { responseCode: 550 }));
      if (session.envelope.rcptTo.length > 0) return callback(Object.assign(new Error('5.5.3 One bounce address per message'), { responseCode: 452 }));
      callback();
    },
    onData(stream, session, callback) {
      const messageId = addresses.messageIdOf(session.envelope.rcptTo[0]?.address ?? '');
      stream
        .toArray()
        .then(async (chunks: Buffer[]) => {
          if ((stream as { sizeExceeded?: boolean }).sizeExceeded) throw Object.assign(new Error('5.3.4 Message too big'), { responseCode: 552 });
          const failed = messageId !== undefined && (await hearBounce(ctx, messageId, Buffer.concat(chunks).toString('utf8')));
          log.info({ messageId, failed }, failed ? 'A bounce failed a sent email' : 'A mail to a bounce address changed nothing');
          callback();
        })
        .catch((err: Error & { responseCode?: number }) => {
          log.warn({ err, messageId }, 'A mail to a bounce address could not be read');
          callback(err.responseCode ? err : Object.assign(new Error('4.3.0 Try again later'), { responseCode: 451 }));
        });
    },
  });
  return {
    listen: (port: number, host: string) =>
      new Promise<number>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve((server.server.address() as AddressInfo).port));
      }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
