import { useMutation } from '@tanstack/react-query';
import { lookupCustomerPhoneResponseSchema, type LookupCustomerPhoneResponse } from '@repo/contracts';
import { adminApi } from '../../../lib/api-client.ts';

export const lookupCustomerPhonePath = '/api/admin/lookup-customer-phone';

/**
 * POST /api/admin/lookup-customer-phone (staff, admin): the configured system's customer with this phone (or null),
 * and the portal account linked to them (or null).
 */
export function useLookupCustomerPhone() {
  return useMutation({
    mutationFn: async (phone: string): Promise<LookupCustomerPhoneResponse> =>
      lookupCustomerPhoneResponseSchema.parse(await adminApi.json<unknown>('POST', lookupCustomerPhonePath, { phone })),
  });
}
