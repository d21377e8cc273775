import { serviceMain } from '@repo/service-kit/main';
import { accountsService } from './definition.ts';

serviceMain(accountsService);
