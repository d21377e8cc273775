import { serviceMain } from '@repo/service-kit/main';
import { bookingService } from './definition.ts';

serviceMain(bookingService);
