import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One email the relay accepted: its Message-ID header and the envelope's recipients. */
export type AcceptedMail = { messageId: string; to: string[] };

/** The Message-ID header of a message's head (headers unfolded), or '' when it has none. */
function messageIdOf(head: string): string {
  const headers = head.split(/\r?\n\r?\n/, 1)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return /^Message-ID:\s*(\S+)/im.exec(headers)?.[1] ?? '';
}

/**
 * The SMTP relay of the notifications fault tests, in the test process (smtp-server): it accepts every email and notes
 * its Message-ID and envelope recipients, in the order it answered 250. It can go down and come back on the same port:
 * down, it listens no more, refuses a message whose data was still arriving (421, not counted) and closes every open
 * connection at once, as a relay that crashed or was switched off; an email counts as accepted only once the relay
 * answered it while up, so the same Message-ID accepted twice is a second delivery the sender made, not the relay's.
 */
export class MailRelay {
  readonly accepted: AcceptedMail[] = [];
  port = 0;
  private server: SMTPServer | undefined;
  private readonly listeners = new Set<(mail: AcceptedMail) => void>();

  get up(): boolean {
    return this.server !== undefined;
  }

  async start(port = this.port): Promise<this> {
    const server: SMTPServer = new SMTPServer({
      authOptional: true,
      // Plain SMTP on loopback: no STARTTLS offered (its certificate would be self-signed).
      disabledCommands: ['STARTTLS'],
      logger: false,
      // On stop, open connections are told 421 and closed after 1 ms instead of smtp-server's 30 s of grace.
      closeTimeout: 1,
      onData: (stream, session, callback) => {
        let head = '';
        stream.on('data', (chunk: Buffer) => {
          if (head.length < 16_384) head += chunk.toString('latin1');
        });
        stream.on('error', () => undefined);
        stream.on('end', () => {
          if (this.server !== server) {
            callback(Object.assign(new Error('4.3.2 Relay shutting down'), { responseCode: 421 }));
            return;
          }
          const mail = { messageId: messageIdOf(head), to: session.envelope.rcptTo.map((address) => address.address) };
          this.accepted.push(mail);
          callback(null, `Ok: queued as FAULTS${this.accepted.length}`);
          for (const listener of this.listeners) listener(mail);
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    server.on('error', () => undefined);
    this.server = server;
    this.port = (server.server.address() as AddressInfo).port;
    return this;
  }

  /** Goes down: from now on nothing more is accepted, and every connection is closed. Resolves once none is left. */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Calls `listener` with each email right after the relay accepted it; returns the call that stops it. */
  onAccepted(listener: (mail: AcceptedMail) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** How many times each Message-ID was accepted, of the emails whose Message-ID `mine` says belong to the caller. */
  counts(mine: (messageId: string) => boolean = () => true): Map<string, number> {
    const counts = new Map<string, number>();
    for (const { messageId } of this.accepted) if (mine(messageId)) counts.set(messageId, (counts.get(messageId) ?? 0) + 1);
    return counts;
  }
}
