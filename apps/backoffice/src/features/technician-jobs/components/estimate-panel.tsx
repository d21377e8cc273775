import { useState } from 'react';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import type { Estimate } from '@repo/contracts';
import { ApiRequestError, errorMessage, showToast } from '@repo/ui';
import { EstimateDecisionForm, EstimateSummary } from '@repo/ui/estimate';
import { useDecideEstimate, useInvoiceFromEstimate, useSaveEstimate, useStartEstimate, useVisitEstimates } from '../api/estimates.ts';
import { EstimateLinesBuilder } from './estimate-lines-builder.tsx';

function Failure({ error }: { error: unknown }) {
  return (
    <Alert color="red" variant="light" role="alert">
      <Text size="sm" c="dark.8">
        {errorMessage(error, "That didn't go through. Check your connection and try again.")}
      </Text>
    </Alert>
  );
}

/** The approved estimate: its signed answer and the button that makes (or shows) its invoice. */
function Approved({ appointmentId, estimate }: { appointmentId: number; estimate: Estimate }) {
  const invoice = useInvoiceFromEstimate(appointmentId);
  const number = invoice.data?.number ?? estimate.invoiceNumber;
  return (
    <Stack gap="sm">
      <EstimateSummary estimate={estimate} />
      {number ? (
        <Text fw={600} role="status">
          Invoice {number} made from this estimate. The office sends it to the customer.
        </Text>
      ) : (
        <Button size="lg" fullWidth loading={invoice.isPending} onClick={() => invoice.mutate(estimate.id)}>
          Create invoice from estimate
        </Button>
      )}
      {invoice.isError ? <Failure error={invoice.error} /> : null}
    </Stack>
  );
}

/**
 * A job's estimate on the technician's phone: start it, build it from the price book and free lines, present it; the
 * customer signs in the box and approves (or declines) on the phone; then the approved estimate becomes the invoice.
 */
export default function EstimatePanel({ appointmentId }: { appointmentId: number }) {
  const estimates = useVisitEstimates(appointmentId);
  const start = useStartEstimate(appointmentId);
  const save = useSaveEstimate(appointmentId);
  const decide = useDecideEstimate(appointmentId);
  const [changing, setChanging] = useState(false);

  if (estimates.isPending) return <Text>Loading the estimate…</Text>;
  if (estimates.isError) {
    const unknownVisit = estimates.error instanceof ApiRequestError && estimates.error.status === 404;
    return (
      <Stack gap="xs">
        <Text>{unknownVisit ? 'Billing has not heard of this job’s assignment yet. Try again in a minute.' : 'The estimate could not be loaded. Check your connection.'}</Text>
        <div>
          <Button variant="default" onClick={() => void estimates.refetch()}>
            Try again
          </Button>
        </div>
      </Stack>
    );
  }
  const current = estimates.data.items[0];
  const onSave = (id: number) => async (lines: Parameters<typeof save.mutateAsync>[0]['lines'], present: boolean) => {
    await save.mutateAsync({ id, lines, present });
    setChanging(false);
    showToast({ title: present ? 'Estimate presented' : 'Draft saved', description: present ? 'The customer can sign on this phone or in their portal.' : 'Not shown to the customer yet.' });
  };

  if (!current || current.status === 'declined') {
    return (
      <Stack gap="sm">
        {current ? <EstimateSummary estimate={current} /> : <Text>No estimate for this job yet.</Text>}
        <Button size="lg" fullWidth loading={start.isPending} onClick={() => start.mutate()}>
          {current ? 'Start a new estimate' : 'Start estimate'}
        </Button>
        {start.isError ? <Failure error={start.error} /> : null}
      </Stack>
    );
  }
  if (current.status === 'draft' || (current.status === 'sent' && changing)) {
    return (
      <EstimateLinesBuilder
        key={current.id}
        estimateId={current.id}
        initial={current.lines}
        saving={save.isPending}
        onSave={onSave(current.id)}
        onCancel={current.status === 'sent' ? () => setChanging(false) : undefined}
      />
    );
  }
  if (current.status === 'sent') {
    return (
      <Stack gap="md">
        <EstimateSummary estimate={current} />
        <Text size="sm">Hand the phone to the customer: they type their name, sign in the box and approve or decline.</Text>
        <EstimateDecisionForm
          key={current.id}
          drawingRequired
          onDecide={async (outcome, decision) => {
            await decide.mutateAsync({ id: current.id, outcome, decision });
            showToast({ title: outcome === 'approved' ? 'Estimate approved' : 'Estimate declined', description: `Recorded for ${decision.signerName}.` });
          }}
        />
        <Anchor component="button" type="button" onClick={() => setChanging(true)} fw={600}>
          Change the estimate (the customer signs the new version)
        </Anchor>
      </Stack>
    );
  }
  return <Approved appointmentId={appointmentId} estimate={current} />;
}
