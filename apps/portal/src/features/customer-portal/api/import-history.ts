import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportResult } from '@repo/contracts';
import { apiJson } from '@repo/ui';
import { queryKeys } from '../../../lib/query-keys.ts';

/**
 * POST /api/customer/import-history with the pasted history as `historyData`. The server validates every item (the
 * pasted text is only checked to be JSON here), so its messages name the item and field.
 */
export function importHistory(historyData: unknown): Promise<ImportResult> {
  return apiJson<ImportResult>('POST', '/api/customer/import-history', { historyData });
}

/** Imports, then refreshes both history lists so the new entries show. */
export function useImportHistory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importHistory,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.serviceRequests });
      void queryClient.invalidateQueries({ queryKey: queryKeys.appointments, exact: true });
    },
  });
}
