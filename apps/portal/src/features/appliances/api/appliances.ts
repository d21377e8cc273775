import { useQuery } from '@tanstack/react-query';
import { applianceListSchema, myAppliancesPath } from '@repo/contracts';
import { apiJson } from '@repo/ui';

/** GET /api/customer/appliances: the signed-in customer's appliances, each with its visits, newest first. */
export function useMyAppliances() {
  return useQuery({
    queryKey: ['my-appliances'],
    queryFn: async ({ signal }) => applianceListSchema.parse(await apiJson<unknown>('GET', myAppliancesPath, undefined, { signal })),
    staleTime: 0,
  });
}
