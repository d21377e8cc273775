import { storageKeys } from '@repo/contracts';
import { createApiClient } from '@repo/ui';

/** The back office's API client: the administrator's token (`admin_token`) goes in the bearer header. */
export const adminApi = createApiClient({ tokenKey: storageKeys.adminToken });
