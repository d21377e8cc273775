import { serviceMain } from '@repo/service-kit/main';
import { paymentsService } from './definition.ts';

serviceMain(paymentsService);
