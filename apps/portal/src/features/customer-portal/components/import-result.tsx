import { Alert, List, Text } from '@mantine/core';
import type { ImportResult } from '@repo/contracts';
import { readableTitle } from '../../../lib/alert-styles.ts';

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;
const counts = ({ serviceRequests, appointments }: ImportResult['imported']) =>
  `${plural(serviceRequests, 'service request', 'service requests')} and ${plural(appointments, 'appointment', 'appointments')}`;

/** "Imported 1 service request and 2 appointments." */
export const importedSummary = (result: ImportResult) => `Imported ${counts(result.imported)}.`;

/** What an import (JSON or from a system) added, what was already in the history, and what could not be imported. */
export function ImportedResult({ result }: { result: ImportResult }) {
  const already = result.alreadyPresent;
  return (
    <Alert color="green" title="Import complete" role="status" variant="light" styles={readableTitle}>
      <Text size="sm">{importedSummary(result)}</Text>
      {already && already.serviceRequests + already.appointments > 0 ? (
        <Text size="sm">{`Already in your history, so not added again: ${counts(already)}.`}</Text>
      ) : null}
      {result.notImported?.length ? (
        <>
          <Text size="sm">{`Not imported: ${plural(result.notImported.length, 'visit', 'visits')}.`}</Text>
          <List size="sm">
            {result.notImported.map((problem) => (
              <List.Item key={problem}>{problem}</List.Item>
            ))}
          </List>
        </>
      ) : null}
    </Alert>
  );
}
