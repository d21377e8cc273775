import { useQuery } from '@tanstack/react-query';
import { importSourceSchema, type ImportSource } from '@repo/contracts';
import { adminApi } from '../../../lib/api-client.ts';
import { queryKeys } from './query-keys.ts';

export const importSourcePath = '/api/admin/import-source';

/**
 * GET /api/admin/import-source (admin): the system and company the import reads, never a credential; a 503 names
 * what the server's configuration lacks.
 */
export function useImportSource() {
  return useQuery({
    queryKey: queryKeys.importSource,
    queryFn: async ({ signal }): Promise<ImportSource> => importSourceSchema.parse(await adminApi.json<unknown>('GET', importSourcePath, undefined, { signal })),
  });
}
