import { serviceMain } from '@repo/service-kit/main';
import { notificationsService } from './definition.ts';

serviceMain(notificationsService);
