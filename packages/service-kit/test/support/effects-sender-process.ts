// A sender in its own process, so a test can kill it (SIGKILL) in the middle of a delivery.
// Argument: JSON { database, peers, tuning }. Prints "enqueued <messageId>" once its message is committed.
import { startSender } from './effects-services.ts';

const { database, peers, tuning, appointmentId } = JSON.parse(process.argv[2]!);
const sender = await startSender(database, peers, { tuning });
const messageId = await sender.assign(appointmentId, 'Dana');
process.stdout.write(`enqueued ${messageId}\n`);
