// A process that opens a test database (TEST_DB=testcontainers, from the parent) and never cleans it up, so a test
// can see what happens to its container. Argument: "exit" ends the process normally once the database is open;
// "hold" keeps it running until it is killed. Prints "open" when the database is open.
import { createTestDatabase } from '../../src/testing/index.ts';

const mode = process.argv[2];
await createTestDatabase();
process.stdout.write('open\n');
if (mode === 'hold') setInterval(() => undefined, 60_000);
else process.exit(0);
