import { serviceMain } from '@repo/service-kit/main';
import { trackingService } from './definition.ts';

serviceMain(trackingService);
