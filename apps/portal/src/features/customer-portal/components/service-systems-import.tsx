import { useState } from 'react';
import { Alert, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { importMessages, systemImportMessages, type Customer, type ImportResult, type ServiceSystemDescriptor, type ServiceSystemId } from '@repo/contracts';
import { ApiRequestError, ErrorState, errorMessage, showToast } from '@repo/ui';
import { LoadingNote } from '../../../components/loading-note.tsx';
import { readableTitle } from '../../../lib/alert-styles.ts';
import { isSignedOutError, useRecheckSession } from '../../../lib/session.ts';
import { useImportFromSystem } from '../api/import-from-system.ts';
import { useServiceSystems } from '../api/service-systems.ts';
import { ImportedResult, importedSummary } from './import-result.tsx';

/** One button per system the business keeps records in; the result or the failure shows below them. */
function SystemButtons({ systems }: { systems: ServiceSystemDescriptor[] }) {
  const importing = useImportFromSystem();
  const recheckSession = useRecheckSession();
  const [chosen, setChosen] = useState<ServiceSystemId | undefined>(undefined);
  const [result, setResult] = useState<ImportResult | undefined>(undefined);
  const [failure, setFailure] = useState<string | undefined>(undefined);
  const busy = importing.isPending;

  async function bringIn(system: ServiceSystemDescriptor) {
    if (busy) return;
    setChosen(system.id);
    setResult(undefined);
    setFailure(undefined);
    try {
      const imported = await importing.mutateAsync({ systemName: system.id });
      setResult(imported);
      showToast({ title: 'Import Successful', description: importedSummary(imported) });
    } catch (error) {
      // A session that ended meanwhile turns the portal into the log-in prompt.
      if (isSignedOutError(error)) recheckSession();
      const message = error instanceof ApiRequestError ? errorMessage(error, importMessages.systemFailed) : importMessages.systemFailed;
      showToast({ title: 'Import Failed', description: message, variant: 'destructive' });
      setFailure(message);
    }
  }

  return (
    <Stack gap="md" aria-busy={busy}>
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }}>
        {systems.map((system) => (
          <Card component="li" key={system.id} withBorder radius="md" padding="md">
            <Group justify="space-between" align="center" gap="sm">
              <div>
                <Text fw={600}>{system.name}</Text>
                <Text size="sm" c="dimmed">
                  {system.description}
                </Text>
              </div>
              <Button onClick={() => void bringIn(system)} disabled={busy} loading={busy && chosen === system.id} loaderProps={{ type: 'dots' }}>
                {`Bring in my visits from ${system.name}`}
              </Button>
            </Group>
          </Card>
        ))}
      </Stack>
      {busy ? <LoadingNote label="Bringing in your visits..." /> : null}
      {failure ? (
        <Alert color="red" title="Import Failed" role="alert" variant="light" styles={readableTitle}>
          {failure}
        </Alert>
      ) : null}
      {result ? <ImportedResult result={result} /> : null}
    </Stack>
  );
}

/**
 * Service Systems: the customer's past visits kept in the business's field-service systems (ServicePro, ServiceTitan,
 * Jobber), brought in through the business's own connection and matched on the customer's email, once they have
 * proven it is theirs. The customer never types a credential.
 */
export function ServiceSystemsImport({ customer }: { customer: Customer }) {
  const systems = useServiceSystems();
  return (
    <Stack gap="md">
      <div>
        <Title order={3} size="h4" id="service-systems-heading">
          Bring in your past visits
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          {`We keep service records in the systems below. Your visits recorded there under your email (${customer.email}) become your service requests and appointments here. Bringing them in again adds only what is new.`}
        </Text>
      </div>
      {!customer.emailVerified ? (
        <Alert color="blue" title="Your email is not confirmed yet" variant="light" styles={readableTitle}>
          {systemImportMessages.emailNotConfirmed}
        </Alert>
      ) : systems.isPending ? (
        <LoadingNote label="Loading the service systems..." />
      ) : systems.isError ? (
        <ErrorState
          title="We couldn't load the service systems"
          description={errorMessage(systems.error, 'Please check your connection and try again.')}
          onRetry={() => void systems.refetch()}
        />
      ) : systems.data.length === 0 ? (
        <Text size="sm">We have no service records to bring in right now. Use JSON Import with a history file instead.</Text>
      ) : (
        <SystemButtons systems={systems.data} />
      )}
    </Stack>
  );
}
