import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportFromSystemRequest, ImportResult } from '@repo/contracts';
import { apiJson } from '@repo/ui';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * POST /api/customer/import-from-system: the customer's visits in one of the business's systems (matched on their
 * proven email) become their service requests and appointments. Only the system's name is sent.
 */
export function importFromSystem(request: ImportFromSystemRequest): Promise<ImportResult> {
  return apiJson<ImportResult>('POST', '/api/customer/import-from-system', request);
}

/** Imports, then refreshes both history lists so the new entries show. */
export function useImportFromSystem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importFromSystem,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.serviceRequests });
      void queryClient.invalidateQueries({ queryKey: queryKeys.appointments, exact: true });
    },
  });
}
