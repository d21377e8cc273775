import { apiDocumentSuite } from '@repo/service-kit/test-service';
import { freePort } from '@repo/service-kit/testing';
import { startNotifications } from './helpers.ts';

// No email is sent here: the relay's port is closed.
apiDocumentSuite({
  service: 'notifications',
  start: async () => startNotifications(await freePort(), { RATE_LIMIT_MAX: '100000' }),
});
