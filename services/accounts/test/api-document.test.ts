import { apiDocumentSuite } from '@repo/service-kit/test-service';
import { startAccounts } from './support/accounts.ts';

apiDocumentSuite({
  service: 'accounts',
  start: () => startAccounts({ RATE_LIMIT_MAX: '100000' }),
  acceptedWarnings: {
    'operation-2xx-response GET /api/admin/jobber-connection/callback':
      'A browser navigation from Jobber’s consent page: it answers a 303 redirect to the back office, never a 2xx body.',
  },
});
