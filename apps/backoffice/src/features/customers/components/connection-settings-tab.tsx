import { Badge, Button, Group, List, NumberInput, Paper, PasswordInput, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  serviceProSettingsInputSchema,
  serviceTitanSettingsInputSchema,
  type ConfigurableSystem,
  type ConnectionReport,
  type SecretState,
} from '@repo/contracts';
import { Columns, errorMessage, showToast, type SafeParseSchema } from '@repo/ui';
import { useState } from 'react';
import { formatBusinessDateTime } from '../../../lib/format.ts';
import { bySchema, useForm } from '../../../lib/use-form.ts';
import { useConnectionSettings, useSaveConnectionSettings, useTestConnection, type ConnectionSettings } from '../api/field-service-settings.ts';

type FieldSpec = { name: string; label: string; description?: string; kind?: 'secret' | 'number' };

/** What each system's connector needs, in the order its sign-in and calls use them. */
const forms: Record<ConfigurableSystem, { name: string; schema: SafeParseSchema<Record<string, unknown>>; fields: readonly FieldSpec[] }> = {
  servicetitan: {
    name: 'ServiceTitan',
    schema: serviceTitanSettingsInputSchema,
    fields: [
      { name: 'apiUrl', label: 'API base URL', description: 'https://api.servicetitan.io (integration: https://api-integration.servicetitan.io)' },
      { name: 'authUrl', label: 'Auth URL', description: 'https://auth.servicetitan.io (integration: https://auth-integration.servicetitan.io)' },
      { name: 'tenantId', label: 'Tenant id', description: 'Digits only' },
      { name: 'clientId', label: 'Client id' },
      { name: 'clientSecret', label: 'Client secret', kind: 'secret' },
      { name: 'appKey', label: 'App key', kind: 'secret' },
      { name: 'requestsPerSecond', label: 'Requests per second', description: 'ServiceTitan allows an app 60 a second per tenant; lower it when another app shares it', kind: 'number' },
    ],
  },
  servicepro: {
    name: 'ServicePro',
    schema: serviceProSettingsInputSchema,
    fields: [
      { name: 'apiUrl', label: 'API URL' },
      { name: 'company', label: 'Company' },
      { name: 'username', label: 'Username' },
      { name: 'password', label: 'Password', kind: 'secret' },
    ],
  },
};

/** Under a secret's field: whether one is stored, never the secret itself. */
function secretDescription(state: SecretState): string {
  if (!state.set) return 'Not set yet.';
  return `${state.last4 ? `Set (ends in ${state.last4}).` : 'Set.'} Leave empty to keep it.`;
}

/** The form's text as the API takes it: the number field as a number (empty stays empty, so it is named as missing). */
function payloadOf(values: Record<string, string>, fields: readonly FieldSpec[]): Record<string, unknown> {
  return Object.fromEntries(fields.map((field) => [field.name, field.kind === 'number' && values[field.name] !== '' ? Number(values[field.name]) : values[field.name]]));
}

/** What Test connection found, one line per step: what works, and what to fix. */
function ConnectionResult({ report, systemName }: { report: ConnectionReport; systemName: string }) {
  return (
    <Stack gap={4} role={report.ok ? 'status' : 'alert'} aria-label={`${systemName} connection test`}>
      <Text size="sm" fw={700}>
        {report.ok ? 'The connection works.' : 'The connection does not work yet.'}
      </Text>
      <List size="sm" spacing={2}>
        {report.checks.map((check) => (
          <List.Item key={check.step}>
            <Text span size="sm" fw={600} c={check.ok ? 'green.9' : 'red.9'}>
              {check.ok ? 'Works: ' : 'Fails: '}
            </Text>
            {check.message}
          </List.Item>
        ))}
      </List>
    </Stack>
  );
}

/** One system's settings: the values in force to start from, save, and test the values typed. */
function SettingsForm({ system, settings }: { system: ConfigurableSystem; settings: ConnectionSettings }) {
  const { name, schema, fields } = forms[system];
  const shown = settings as unknown as Record<string, string | number | SecretState>;
  const initial = Object.fromEntries(fields.map((field) => [field.name, field.kind === 'secret' ? '' : String(shown[field.name] ?? '')]));
  const form = useForm<string>(initial);
  const save = useSaveConnectionSettings(system);
  const test = useTestConnection(system);
  const [report, setReport] = useState<ConnectionReport | null>(null);
  const check = (values: Record<string, string>) => bySchema<string, Record<string, unknown>>(schema, payloadOf(values, fields));
  const failure = { title: `${name} Settings Not Saved`, fallback: `The ${name} settings could not be saved`, fields: fields.map((field) => field.name) };

  const send = async (data: Record<string, unknown>) => {
    await save.mutateAsync(data);
    showToast({ title: `${name} Settings Saved`, description: `Imports and lookups use the new ${name} settings from now on.` });
  };

  const runTest = async () => {
    const checked = check(form.values);
    if (!checked.ok) {
      form.showErrors(checked.errors);
      return;
    }
    setReport(null);
    try {
      const result = await test.mutateAsync(checked.data);
      setReport(result);
      // The failing step's words also sit under the field to check.
      const failed = result.checks.find((step) => !step.ok && step.field);
      if (failed?.field) form.showErrors({ [failed.field]: failed.message });
    } catch (error) {
      showToast({ title: 'Test Connection Failed', description: errorMessage(error, 'The connection could not be tested'), variant: 'destructive' });
    }
  };

  const headingId = `${system}-settings-heading`;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby={headingId}>
      <form aria-labelledby={headingId} {...form.formProps(check, send, failure)}>
        <Stack gap="sm">
          <Group gap="xs">
            <Title order={2} size="h4" id={headingId}>
              {name} connection
            </Title>
            {settings.inUse ? (
              <Badge component="span" variant="light" tt="none">
                Used by imports
              </Badge>
            ) : null}
          </Group>
          <Text size="sm" c="dimmed">
            {settings.source === 'stored'
              ? `Saved${settings.updatedBy ? ` by ${settings.updatedBy}` : ''}${settings.updatedAt ? ` ${formatBusinessDateTime(settings.updatedAt)}` : ''}. Secrets are kept encrypted on the server and never shown.`
              : 'Nothing saved yet: these are the server’s configured values. Secrets are kept encrypted on the server and never shown.'}
          </Text>
          <Columns cols={{ base: 1, sm: 2 }} spacing="sm">
            {fields.map((field) =>
              field.kind === 'secret' ? (
                <PasswordInput key={field.name} label={field.label} description={secretDescription(shown[field.name] as SecretState)} autoComplete="off" {...form.field(field.name)} />
              ) : field.kind === 'number' ? (
                <NumberInput key={field.name} label={field.label} description={field.description} min={1} max={1000} allowNegative={false} {...form.numberField(field.name)} />
              ) : (
                <TextInput key={field.name} label={field.label} description={field.description} autoComplete="off" spellCheck={false} {...form.field(field.name)} />
              ),
            )}
          </Columns>
          <Group gap="sm">
            <Button type="submit" loading={form.busy}>
              Save Settings
            </Button>
            <Button type="button" variant="default" onClick={() => void runTest()} loading={test.isPending} disabled={form.busy}>
              Test Connection
            </Button>
          </Group>
          {report ? <ConnectionResult report={report} systemName={name} /> : null}
        </Stack>
      </form>
    </Paper>
  );
}

function SystemSettings({ system }: { system: ConfigurableSystem }) {
  const settings = useConnectionSettings(system);
  const name = forms[system].name;
  if (settings.data) return <SettingsForm key={`${settings.data.source}-${settings.data.updatedAt ?? ''}`} system={system} settings={settings.data} />;
  return (
    <Paper withBorder radius="md" p="lg">
      {settings.isError ? (
        <Stack gap="xs" align="flex-start" role="alert">
          <Text size="sm">The {name} settings could not be read. {errorMessage(settings.error, 'The server did not answer.')}</Text>
          <Button variant="default" size="sm" onClick={() => void settings.refetch()} loading={settings.isFetching}>
            Try Again
          </Button>
        </Stack>
      ) : (
        <Text size="sm" role="status">
          Loading the {name} settings...
        </Text>
      )}
    </Paper>
  );
}

/**
 * Connection Settings (administrators only: the tab is not offered to staff, and the server refuses them): the
 * ServiceTitan and ServicePro sign-ins the import and phone lookup use. Jobber connects through its own consent page,
 * under Import Customers.
 */
export function ConnectionSettingsTab() {
  return (
    <Stack gap="lg">
      <SystemSettings system="servicetitan" />
      <SystemSettings system="servicepro" />
    </Stack>
  );
}
