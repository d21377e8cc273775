/**
 * Runs the customer's import from each field-service system in a booking service that logs everything (trace), in a
 * process of its own, so the test reading its output sees exactly what the service writes to its log. It prints the
 * answers' statuses on its last line: `probe-statuses [..]`.
 */
import { createTestService } from '@repo/service-kit/test-service';
import { startServiceProSandbox, startSandboxes } from '@repo/field-service/sandbox';
import { bookingService } from '../../src/definition.ts';
import { sandboxUrlsEnv } from './sandbox-env.ts';
import { probeCredentials } from './probe-credentials.ts';

const sandboxes = await startSandboxes({ customers: 6 });
// ServicePro fails the first call (every attempt) with 503, to log a failure.
const servicePro = await startServiceProSandbox({ customers: 6, faults: [{ status: 503, times: 5, retryAfter: 0 }] });
const service = await createTestService(bookingService, {
  ...sandboxUrlsEnv(sandboxes),
  SERVICEPRO_API_URL: servicePro.url,
  LOG_LEVEL: 'trace',
});
const authorization = service.bearer({ sub: 'customer:5', role: 'customer', customerId: 5, email: 'demo@example.com' });
const statuses: number[] = [];
for (const [systemName, credentials] of probeCredentials) {
  const response = await service.app.inject({ method: 'POST', url: '/api/customer/import-from-system', payload: { systemName, credentials }, headers: { authorization } });
  statuses.push(response.statusCode);
}
await service.close();
await servicePro.close();
await sandboxes.close();
process.stdout.write(`\nprobe-statuses ${JSON.stringify(statuses)}\n`);
