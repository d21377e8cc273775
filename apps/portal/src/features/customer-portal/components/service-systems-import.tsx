import { useState, type ChangeEvent, type ComponentProps, type FormEvent, type KeyboardEvent } from 'react';
import { Alert, Badge, Button, Card, Group, List, NativeSelect, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import {
  importMessages,
  missingCredentials,
  missingCredentialsMessage,
  type Customer,
  type ImportResult,
  type ServiceSystemDescriptor,
  type ServiceSystemId,
} from '@repo/contracts';
import { ApiRequestError, ErrorState, errorMessage, fieldErrorsOf, showToast, useFieldErrors, type FieldErrors } from '@repo/ui';
import { LoadingNote } from '../../../components/loading-note.tsx';
import { isSignedOutError, useRecheckSession } from '../../../lib/session.ts';
import { useImportFromSystem } from '../api/import-from-system.ts';
import { useServiceSystems } from '../api/service-systems.ts';
import { credentialLabel, isSecretCredential, setupInstructions } from '../lib/service-system-setup.ts';
import { ImportedResult, importedSummary } from './import-result.tsx';

const selectSystemMessage = 'Please select a service management system';

/** `systemName`, `customerId` and `credentials.<name>`: the server's field names, so its messages land on the fields. */
type Field = string;

const systemLabel = (system: ServiceSystemDescriptor) => (system.sandbox ? `${system.name} (Sandbox)` : system.name);

/** Dark amber text on a pale amber fill (over 7:1), like the history's status badges. */
function SandboxBadge() {
  return (
    <Badge variant="filled" bg="#fef3c7" c="#78350f" tt="none" radius="sm">
      Sandbox
    </Badge>
  );
}

/**
 * A masked credential with a show/hide control. Mantine leaves that control out of the tab order unless it is given
 * props, and toggles it by pointer and Space only; Enter toggles it here too, as it would any button.
 */
function SecretInput({ label, ...props }: ComponentProps<typeof PasswordInput> & { label: string }) {
  const [visible, setVisible] = useState(false);
  return (
    <PasswordInput
      {...props}
      label={label}
      visible={visible}
      onVisibilityChange={setVisible}
      visibilityToggleButtonProps={{
        tabIndex: 0,
        'aria-label': `Show ${label}`,
        onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          setVisible((shown) => !shown);
        },
      }}
    />
  );
}

/** Where each credential of the chosen system is found. */
function SetupInstructions({ system }: { system: ServiceSystemDescriptor }) {
  const setup = setupInstructions[system.id];
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="system-setup-heading">
      <Title order={3} size="h5" id="system-setup-heading">
        {`Setting up ${system.name}`}
      </Title>
      <Text size="sm" mt="xs">
        {setup.intro}
      </Text>
      <List size="sm" spacing={6} mt="sm">
        {setup.steps.map((step) => (
          <List.Item key={step.credential}>
            <Text span fw={600} size="sm">
              {`${credentialLabel(step.credential)}: `}
            </Text>
            {step.where}
          </List.Item>
        ))}
      </List>
      {system.sandbox ? (
        <Text size="sm" mt="sm">
          {`The ${system.name} sandbox's demo credentials are listed in the project README.`}
        </Text>
      ) : null}
    </Card>
  );
}

/** The supported systems, and the note that more are coming. */
function SupportedSystems({ systems }: { systems: ServiceSystemDescriptor[] }) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="supported-systems-heading" bg="var(--mantine-color-gray-0)">
      <Title order={3} size="h5" id="supported-systems-heading">
        Supported systems
      </Title>
      <Stack component="ul" gap="xs" mt="sm" p={0} style={{ listStyle: 'none' }}>
        {systems.map((system) => (
          <li key={system.id}>
            <Group gap="xs" wrap="wrap">
              <Text fw={600} size="sm">
                {system.name}
              </Text>
              {system.sandbox ? <SandboxBadge /> : null}
            </Group>
            <Text size="sm" c="dimmed">
              {system.description}
            </Text>
          </li>
        ))}
      </Stack>
      <Text size="sm" mt="md">
        More systems are coming. If yours is not listed yet, use JSON Import with the history your provider exported for you.
      </Text>
    </Card>
  );
}

function ImportForm({ customer, systems }: { customer: Customer; systems: ServiceSystemDescriptor[] }) {
  const [systemId, setSystemId] = useState<ServiceSystemId | ''>('');
  const [credentials, setCredentials] = useState<Record<string, string>>({});
  const [customerId, setCustomerId] = useState('');
  const [result, setResult] = useState<ImportResult | undefined>(undefined);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const errors = useFieldErrors<Field>();
  const importing = useImportFromSystem();
  const recheckSession = useRecheckSession();
  const busy = importing.isPending;
  const system = systems.find((candidate) => candidate.id === systemId);
  const names = system?.requiredCredentials ?? [];
  const credentialField = (name: string) => `credentials.${name}`;

  function chooseSystem(next: string) {
    setSystemId(next as ServiceSystemId | '');
    // Each system has its own credentials: nothing typed for one is sent to another.
    setCredentials({});
    setResult(undefined);
    setFailure(undefined);
    errors.clear();
  }

  /** The server's field messages on the form's fields; a refusal of the credentials as a whole goes under the last one. */
  function serverErrors(error: ApiRequestError): FieldErrors<Field> {
    const fields: FieldErrors<Field> = fieldErrorsOf<Field>(error, ['systemName', 'customerId', ...names.map(credentialField)]);
    const whole = error.apiError?.fields?.credentials;
    const last = names.at(-1);
    if (whole && last) fields[credentialField(last)] ??= whole;
    return fields;
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setResult(undefined);
    setFailure(undefined);
    if (!system) {
      errors.show({ systemName: selectSystemMessage });
      return;
    }
    const missing = missingCredentials(system.id, credentials);
    if (missing.length > 0) {
      showToast({ title: 'Missing Credentials', description: `Please provide: ${missing.join(', ')}`, variant: 'destructive' });
      errors.show(Object.fromEntries(missing.map((name) => [credentialField(name), missingCredentialsMessage([name])])));
      return;
    }
    try {
      const imported = await importing.mutateAsync({
        systemName: system.id,
        credentials: Object.fromEntries(names.map((name) => [name, (credentials[name] ?? '').trim()])),
        customerId: customerId.trim() || undefined,
      });
      errors.clear();
      // Secrets are not kept on the page once they have served.
      setCredentials((current) => Object.fromEntries(Object.entries(current).filter(([name]) => !isSecretCredential(name))));
      setResult(imported);
      showToast({ title: 'Import Successful', description: importedSummary(imported) });
    } catch (error) {
      // A session that ended meanwhile turns the portal into the log-in prompt.
      if (isSignedOutError(error)) recheckSession();
      const refused = error instanceof ApiRequestError;
      const message = refused ? errorMessage(error, importMessages.systemFailed) : importMessages.systemFailed;
      showToast({ title: 'Import Failed', description: message, variant: 'destructive' });
      const fields = refused ? serverErrors(error) : {};
      if (Object.values(fields).some(Boolean)) errors.show(fields);
      else setFailure(message);
    }
  }

  return (
    <Stack gap="lg">
      <form {...errors.scopeProps} noValidate onSubmit={handleSubmit} aria-busy={busy} aria-labelledby="service-systems-heading">
        <Stack gap="md">
          <NativeSelect
            {...errors.inputProps('systemName')}
            label="Service management system"
            name="systemName"
            value={systemId}
            onChange={(event) => chooseSystem(event.currentTarget.value)}
            disabled={busy}
            data={[{ value: '', label: 'Select a system' }, ...systems.map((candidate) => ({ value: candidate.id, label: systemLabel(candidate) }))]}
          />
          {system?.sandbox ? (
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <SandboxBadge />
              <Text size="sm" c="dimmed">{`Demo data from a local ${system.name} sandbox, not the real ${system.name}.`}</Text>
            </Group>
          ) : null}
          {system ? (
            <fieldset style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
              <Text component="legend" fw={600} size="sm" mb="xs" p={0}>
                {`${system.name} credentials`}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                {names.map((name) => {
                  const common = {
                    ...errors.inputProps(credentialField(name)),
                    label: credentialLabel(name),
                    name: credentialField(name),
                    value: credentials[name] ?? '',
                    disabled: busy,
                    autoComplete: 'off',
                    spellCheck: false,
                    onChange: (event: ChangeEvent<HTMLInputElement>) => {
                      const { value } = event.currentTarget;
                      setCredentials((current) => ({ ...current, [name]: value }));
                      errors.clear(credentialField(name));
                    },
                  };
                  return isSecretCredential(name) ? (
                    <SecretInput key={name} {...common} />
                  ) : (
                    <TextInput key={name} {...common} autoCapitalize="off" autoCorrect="off" />
                  );
                })}
              </SimpleGrid>
            </fieldset>
          ) : null}
          <TextInput
            {...errors.inputProps('customerId')}
            label="Customer ID (optional)"
            description={`Leave blank to import all the records you can access: those with your account's email (${customer.email}). With an ID, only that record, when its email is yours.`}
            name="customerId"
            value={customerId}
            onChange={(event) => {
              setCustomerId(event.currentTarget.value);
              errors.clear('customerId');
            }}
            disabled={busy}
            autoComplete="off"
          />
          <Group>
            <Button type="submit" disabled={busy}>
              {busy ? 'Importing...' : 'Import Customer History'}
            </Button>
          </Group>
          {failure ? (
            <Alert color="red" title="Import Failed" role="alert" variant="light">
              {failure}
            </Alert>
          ) : null}
        </Stack>
      </form>
      {result ? <ImportedResult result={result} /> : null}
      {system ? <SetupInstructions system={system} /> : null}
      <SupportedSystems systems={systems} />
    </Stack>
  );
}

/**
 * Service Systems: the customer's own visits in a field-service system (ServicePro, ServiceTitan, Jobber) imported
 * with credentials they type; the credentials go to booking for that one import.
 */
export function ServiceSystemsImport({ customer }: { customer: Customer }) {
  const systems = useServiceSystems();
  return (
    <Stack gap="md">
      <div>
        <Title order={3} size="h4" id="service-systems-heading">
          Import from a service management system
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          Choose the system your service records are kept in and enter its credentials; your visits there become your
          service requests and appointments here. Importing again adds only what is new.
        </Text>
      </div>
      {systems.isPending ? <LoadingNote label="Loading the service systems..." /> : null}
      {systems.isError ? (
        <ErrorState
          title="We couldn't load the service systems"
          description={errorMessage(systems.error, 'Please check your connection and try again.')}
          onRetry={() => void systems.refetch()}
        />
      ) : null}
      {systems.data ? <ImportForm customer={customer} systems={systems.data} /> : null}
    </Stack>
  );
}
