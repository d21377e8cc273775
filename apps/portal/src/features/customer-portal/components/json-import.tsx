import { useState, type FormEvent } from 'react';
import { Button, Code, Group, List, Stack, Text, Textarea, Title } from '@mantine/core';
import { appointmentStatuses, historyImportLimits, importMessages, serviceRequestStatuses, type Customer, type ImportResult } from '@repo/contracts';
import { ApiRequestError, errorMessage, formatter, showToast, useFieldErrors } from '@repo/ui';
import { useImportHistory } from '../api/import-history.ts';
import { historyExample } from '../lib/history-example.ts';
import { ImportedResult, importedSummary } from './import-result.tsx';

/** How many of the server's item messages are listed under the paste area; the rest are counted. */
const shownProblems = 10;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

function FormatExplanation() {
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        Expected format
      </Title>
      <Text size="sm">
        One JSON object with two lists, <Code>serviceRequests</Code> and <Code>appointments</Code> (either may be empty or
        left out). Load Example shows a complete one.
      </Text>
      <List size="sm" spacing={4}>
        <List.Item>
          Each service request needs <Code>firstName</Code>, <Code>lastName</Code>, <Code>phone</Code>, <Code>applianceType</Code>{' '}
          and <Code>problemDescription</Code>; it may have <Code>email</Code>, <Code>brand</Code>, <Code>isEmergency</Code> (true or
          false), <Code>status</Code> ({serviceRequestStatuses.join(', ')}), <Code>technicianNotes</Code>, <Code>createdAt</Code> and{' '}
          <Code>completedAt</Code> (a date like 2024-03-05 or 2024-03-05T14:00:00Z).
        </List.Item>
        <List.Item>
          Each appointment needs <Code>customerName</Code>, <Code>phone</Code>, <Code>address</Code>, <Code>city</Code>,{' '}
          <Code>state</Code>, <Code>zipCode</Code> (5 to 10 characters), <Code>appointmentDate</Code> (like 2024-03-05),{' '}
          <Code>timeSlot</Code> (like 14:00-15:00), <Code>serviceType</Code>, <Code>appliance</Code> and <Code>brand</Code>; it may
          have <Code>email</Code>, <Code>description</Code>, <Code>status</Code> ({appointmentStatuses.join(', ')}),{' '}
          <Code>technicianNotes</Code> and <Code>totalCost</Code> (dollars, like 289.00).
        </List.Item>
        <List.Item>
          {`At most ${historyImportLimits.maxBytes / (1024 * 1024)} MB and ${formatter('number').format(historyImportLimits.maxItems)} items at once. Importing the same history again adds nothing new.`}
        </List.Item>
      </List>
    </Stack>
  );
}

/** JSON Import: paste a history, check that it is JSON, send it; the server checks every item and names the bad ones. */
export function JsonImport({ customer }: { customer: Customer }) {
  const [text, setText] = useState('');
  const [problems, setProblems] = useState<string[]>([]);
  const [result, setResult] = useState<ImportResult | undefined>(undefined);
  const errors = useFieldErrors<'historyData'>();
  const importing = useImportHistory();
  const busy = importing.isPending;

  function showProblems(messages: string[]) {
    setProblems(messages);
    errors.show({ historyData: messages[0] });
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setResult(undefined);
    if (!text.trim()) {
      showProblems([importMessages.blankJson]);
      return;
    }
    let historyData: unknown;
    try {
      historyData = JSON.parse(text);
    } catch {
      showToast({ title: 'Invalid JSON', description: importMessages.invalidJson, variant: 'destructive' });
      showProblems([importMessages.invalidJson]);
      return;
    }
    // Refused before sending: a gateway in front of the service may cut an oversized body short with no message.
    if (new TextEncoder().encode(JSON.stringify({ historyData })).length > historyImportLimits.maxBytes) {
      showProblems([importMessages.tooLarge]);
      return;
    }
    try {
      const imported = await importing.mutateAsync(historyData);
      setProblems([]);
      errors.clear();
      setResult(imported);
      showToast({ title: 'Import Successful', description: importedSummary(imported) });
    } catch (error) {
      const refused = error instanceof ApiRequestError;
      const fallback = refused && error.status === 413 ? importMessages.tooLarge : importMessages.historyFailed;
      showToast({ title: 'Import Failed', description: refused ? errorMessage(error, fallback) : fallback, variant: 'destructive' });
      const itemMessages = refused ? Object.values(error.apiError?.fields ?? {}) : [];
      if (itemMessages.length > 0) showProblems(itemMessages);
    }
  }

  const hidden = problems.length - shownProblems;
  const fieldError =
    problems.length > 1 ? (
      <>
        {problems.slice(0, shownProblems).map((problem, index) => (
          // The server may repeat a message for two items; the position tells them apart.
          <span key={index} style={{ display: 'block' }}>
            {problem}
          </span>
        ))}
        {hidden > 0 ? <span style={{ display: 'block' }}>{`and ${plural(hidden, 'more problem', 'more problems')}`}</span> : null}
      </>
    ) : (
      errors.errors.historyData
    );

  return (
    <Stack gap="lg">
      <form {...errors.scopeProps} noValidate onSubmit={handleSubmit} aria-busy={busy}>
        <Stack gap="md">
          <Textarea
            {...errors.inputProps('historyData')}
            error={fieldError}
            label="History data (JSON)"
            description="Paste the service history exported from your previous provider or records."
            name="historyData"
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setProblems([]);
              errors.clear('historyData');
            }}
            disabled={busy}
            autosize
            minRows={8}
            maxRows={20}
            spellCheck={false}
            autoCapitalize="off"
            autoCorrect="off"
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
          />
          <Group gap="sm">
            <Button type="submit" disabled={busy}>
              {busy ? 'Importing...' : 'Import History'}
            </Button>
            <Button
              type="button"
              variant="default"
              disabled={busy}
              onClick={() => {
                setText(JSON.stringify(historyExample(customer), null, 2));
                setProblems([]);
                errors.clear();
              }}
            >
              Load Example
            </Button>
          </Group>
        </Stack>
      </form>
      {result ? <ImportedResult result={result} /> : null}
      <FormatExplanation />
    </Stack>
  );
}
