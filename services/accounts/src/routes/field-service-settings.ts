import {
  connectionReportSchema,
  fieldServiceConnectionTestPath,
  fieldServiceSettingsPath,
  serviceProSettingsInputSchema,
  serviceProSettingsSchema,
  serviceTitanSettingsInputSchema,
  serviceTitanSettingsSchema,
} from '@repo/contracts';
import { errorResponses, type ServiceApp } from '@repo/service-kit';
import type { AccountsContext } from '../use-cases/context.ts';
import { getFieldServiceSettings, saveSettings, testConnection } from '../use-cases/field-service-settings.ts';

/**
 * The administrator's ServiceTitan and ServicePro connections: read (secrets only as set / last four), save, and
 * Test connection with the values typed. Administrators only, checked before the body is read.
 */
export async function fieldServiceSettingsRoutes(app: ServiceApp, { ctx }: { ctx: AccountsContext }) {
  const adminOnly = app.requireRole('admin');
  const systems = [
    { system: 'servicetitan', name: 'ServiceTitan', input: serviceTitanSettingsInputSchema, output: serviceTitanSettingsSchema },
    { system: 'servicepro', name: 'ServicePro', input: serviceProSettingsInputSchema, output: serviceProSettingsSchema },
  ] as const;

  for (const { system, name, input, output } of systems) {
    app.get(fieldServiceSettingsPath(system), {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: `The ${name} connection settings in force (saved, else the environment's)`,
        description: 'Secrets only as whether they are set and, for a long one, their last four characters.',
        operationId: `get${name}Settings`,
        response: { 200: output },
      },
    }, async () => getFieldServiceSettings(ctx, system));

    app.put(fieldServiceSettingsPath(system), {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: `Save the ${name} connection settings (encrypted at rest)`,
        description: 'A secret sent empty keeps the one in force; imports and lookups use the saved settings from their next call.',
        operationId: `save${name}Settings`,
        body: input,
        response: { 200: output, ...errorResponses(400) },
      },
    }, async (request) => saveSettings(ctx, system, request.body, request.session?.email ?? request.session?.sub ?? 'administrator'));

    app.post(fieldServiceConnectionTestPath(system), {
      onRequest: adminOnly,
      schema: {
        tags: ['admin'],
        summary: `Test a ${name} connection: sign in and read one small page with the settings sent (not saved)`,
        description: 'Answers 200 with what worked and what did not, whichever it was; a secret sent empty is the one in force.',
        operationId: `test${name}Connection`,
        body: input,
        response: { 200: connectionReportSchema, ...errorResponses(400) },
      },
    }, async (request) => testConnection(ctx, system, request.body));
  }
}
