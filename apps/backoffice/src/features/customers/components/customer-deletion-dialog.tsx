import { useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { customerDeletionBodySchema, deletionRetentionRule, serviceLabels, type Customer, type DeletionRequest } from '@repo/contracts';
import { ApiRequestError, errorMessage, useFieldErrors } from '@repo/ui';
import { formatBusinessDateTime } from '../../../lib/format.ts';
import { useCustomerDeletion, useRequestCustomerDeletion } from '../api/customer-deletion.ts';

/**
 * An administrator records a customer's request to be forgotten: the dialog says what is erased and what the law makes
 * the business keep, asks how the customer asked, and then shows each service's progress until all are done.
 */
export function CustomerDeletionDialog({ customer, onClose }: { customer: Customer; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const errors = useFieldErrors<'reason'>();
  const request = useRequestCustomerDeletion(customer.id);
  const progress = useCustomerDeletion(customer.id, request.isSuccess);
  const shown = progress.data ?? request.data;
  const name = `${customer.firstName} ${customer.lastName}`.trim();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = errors.check(customerDeletionBodySchema, { reason });
    if (!body) return;
    request.mutate(body, {
      onError: (error) => {
        if (error instanceof ApiRequestError && error.apiError?.fields) errors.show(error.apiError.fields as Partial<Record<'reason', string>>);
      },
    });
  };

  return (
    <Modal opened onClose={onClose} title={shown ? `Deletion of ${name}` : `Delete ${name}'s data?`} size="lg">
      {shown ? (
        <DeletionProgress request={shown} />
      ) : (
        <form onSubmit={submit} noValidate {...errors.scopeProps}>
          <Stack gap="md">
            <Text size="sm">
              The account ({customer.email}) is deleted at once and the customer can no longer sign in. Every service then erases or anonymises what it
              holds of them: appointments and their photos, tracking, messages and contact details on payments. This cannot be undone.
            </Text>
            <Alert color="yellow" title="Kept by law">
              {deletionRetentionRule}
            </Alert>
            <Textarea
              label="How the customer asked"
              description="Kept with the request, e.g. “Email of 20 Nov 2026”."
              value={reason}
              onChange={(event) => setReason(event.currentTarget.value)}
              {...errors.inputProps('reason')}
              autosize
              minRows={2}
            />
            {request.isError && !(request.error instanceof ApiRequestError && request.error.apiError?.fields) ? (
              <Alert color="red" role="alert">
                {errorMessage(request.error)}
              </Alert>
            ) : null}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" color="red" loading={request.isPending}>
                Delete customer&apos;s data
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

function DeletionProgress({ request }: { request: DeletionRequest }) {
  return (
    <Stack gap="md">
      <Text size="sm" role="status">
        {request.done ? 'Done: every service has erased the customer.' : 'In progress: each service reports when it has erased the customer.'}
      </Text>
      <List spacing="xs" listStyleType="none" aria-label="Progress by service">
        {request.progress.map((step) => (
          <List.Item key={step.service}>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Badge color={step.doneAt ? 'green' : 'gray'} variant="light" tt="none" miw={72}>
                {step.doneAt ? 'Done' : 'Waiting'}
              </Badge>
              <div>
                <Text size="sm" fw={600}>
                  {serviceLabels[step.service]}
                  {step.doneAt ? ` · ${formatBusinessDateTime(step.doneAt)}` : ''}
                </Text>
                {step.summary ? <Text size="sm">{step.summary}</Text> : null}
              </div>
            </Group>
          </List.Item>
        ))}
      </List>
      <Alert color="yellow" title="Kept by law">
        {request.retention}
      </Alert>
    </Stack>
  );
}
