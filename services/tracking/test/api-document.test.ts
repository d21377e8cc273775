import { apiDocumentSuite, createTestService } from '@repo/service-kit/test-service';
import { trackingService } from '../src/definition.ts';

apiDocumentSuite({
  service: 'tracking',
  start: () => createTestService(trackingService, { RATE_LIMIT_MAX: '100000' }),
});
