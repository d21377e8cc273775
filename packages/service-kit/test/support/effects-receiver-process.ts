// A subscriber in its own process on its own database, listening on the port it is given, so a test can start it only
// after an event was published to that address. Argument: JSON { database, service, port }. Sends "listening" over
// the IPC channel once it answers deliveries; SIGTERM closes it, and it exits when its parent goes away.
import { startReceiver } from './effects-services.ts';

const { database, service, port } = JSON.parse(process.argv[2]!);
const receiver = await startReceiver(database, service);
await receiver.app.listen({ host: '127.0.0.1', port });
const stop = () => void receiver.close().finally(() => process.exit(0));
process.once('SIGTERM', stop);
process.once('disconnect', stop);
process.send!('listening');
