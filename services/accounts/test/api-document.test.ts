import { apiDocumentSuite } from '@repo/service-kit/test-service';
import { startAccounts } from './support/accounts.ts';

apiDocumentSuite({
  service: 'accounts',
  start: () => startAccounts({ RATE_LIMIT_MAX: '100000' }),
});
