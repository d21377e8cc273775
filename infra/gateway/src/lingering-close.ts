import type { Duplex } from 'node:stream';

/** How long bytes a client still sends after its refusal are read and dropped, so the refusal is not lost to a reset. */
const lingerMs = 1000;

/**
 * Closes a connection as nginx's lingering close does: the answer already written goes out and is followed by the
 * gateway's FIN, then whatever the client still sends is read and dropped until it stops for `lingerMs` or closes its
 * side. Closing at once would make the kernel reset the connection over the unread bytes, and a client that reads
 * only after sending its whole request would lose its answer.
 */
export function lingeringClose(socket: Duplex, afterAnswer: () => void = () => undefined): void {
  let timer: NodeJS.Timeout | undefined;
  const linger = () => {
    clearTimeout(timer);
    timer = setTimeout(() => socket.destroy(), lingerMs);
  };
  socket.on('data', linger).once('end', () => socket.destroy()).once('close', () => clearTimeout(timer));
  socket.resume();
  socket.end(() => {
    // A client that has closed its side already sends nothing more.
    if (socket.readableEnded) socket.destroy();
    else linger();
    afterAnswer();
  });
}
