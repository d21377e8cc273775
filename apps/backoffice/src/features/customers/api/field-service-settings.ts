import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  connectionReportSchema,
  fieldServiceConnectionTestPath,
  fieldServiceSettingsPath,
  serviceProSettingsSchema,
  serviceTitanSettingsSchema,
  type ConfigurableSystem,
  type ConnectionReport,
  type ServiceProSettings,
  type ServiceTitanSettings,
} from '@repo/contracts';
import { adminApi } from '../../../lib/api-client.ts';
import { queryKeys } from './query-keys.ts';

export type ConnectionSettings = ServiceTitanSettings | ServiceProSettings;

const settingsSchema = { servicetitan: serviceTitanSettingsSchema, servicepro: serviceProSettingsSchema } as const;
const parseSettings = (system: ConfigurableSystem, body: unknown): ConnectionSettings => settingsSchema[system].parse(body);

/** GET /api/admin/field-service-settings/<system> (admin): the settings in force; secrets only as set / last four. */
export function useConnectionSettings(system: ConfigurableSystem) {
  return useQuery({
    queryKey: queryKeys.connectionSettings(system),
    queryFn: async ({ signal }) => parseSettings(system, await adminApi.json<unknown>('GET', fieldServiceSettingsPath(system), undefined, { signal })),
  });
}

/**
 * PUT /api/admin/field-service-settings/<system> (admin): saves the form (a secret left empty keeps the stored one).
 * The import source is asked again: the company it names may have changed with the settings.
 */
export function useSaveConnectionSettings(system: ConfigurableSystem) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: Record<string, unknown>) => parseSettings(system, await adminApi.json<unknown>('PUT', fieldServiceSettingsPath(system), settings)),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.connectionSettings(system), saved);
      return queryClient.invalidateQueries({ queryKey: queryKeys.importSource });
    },
  });
}

/** POST /api/admin/field-service-settings/<system>/test (admin): signs in and reads one small page with the form's values. */
export function useTestConnection(system: ConfigurableSystem) {
  return useMutation({
    mutationFn: async (settings: Record<string, unknown>): Promise<ConnectionReport> =>
      connectionReportSchema.parse(await adminApi.json<unknown>('POST', fieldServiceConnectionTestPath(system), settings)),
  });
}
