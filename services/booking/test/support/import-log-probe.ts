/**
 * Runs the customer's import from each of the business's field-service systems in a booking service that logs
 * everything (trace), asking a real accounts service that keeps the business's sandbox connections (in its
 * environment) and logs everything too, in a process of its own, so the test reading its output sees exactly what the
 * two services write to their logs. It prints the answers' statuses on its last line: `probe-statuses [..]`.
 */
import { createTestService } from '@repo/service-kit/test-service';
import { startServiceProSandbox, startSandboxes } from '@repo/field-service/sandbox';
import { bookingService } from '../../src/definition.ts';
import { startAccountsForBooking } from './accounts-service.ts';
import { probeRequests } from './probe-requests.ts';

const sandboxes = await startSandboxes({ customers: 6 });
// ServicePro fails the first call (every attempt) with 503, to log a failure.
const servicePro = await startServiceProSandbox({ customers: 6, faults: [{ status: 503, times: 5, retryAfter: 0 }] });
// Accounts keeps the connections and makes the calls (and logs none of the credentials either).
const accounts = await startAccountsForBooking({ ...sandboxes.env, SERVICEPRO_API_URL: servicePro.url, LOG_LEVEL: 'trace' });
const service = await createTestService(bookingService, { PEER_URLS: accounts.peerUrls, LOG_LEVEL: 'trace' });
const authorization = service.bearer({ sub: 'customer:5', role: 'customer', customerId: 5, email: 'demo@example.com', emailVerified: true });
const statuses: number[] = [];
for (const payload of probeRequests) {
  const response = await service.app.inject({ method: 'POST', url: '/api/customer/import-from-system', payload, headers: { authorization } });
  statuses.push(response.statusCode);
}
await service.close();
await accounts.close();
await servicePro.close();
await sandboxes.close();
process.stdout.write(`\nprobe-statuses ${JSON.stringify(statuses)}\n`);
